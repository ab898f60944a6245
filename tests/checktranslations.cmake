# SPDX-License-Identifier: GPL-3.0-or-later
# Every translation file is finished: no entry left "unfinished" (run the
# jwui_lupdate target after changing a translatable text, then translate it).
# The German one addresses the user as "Sie" throughout: a translation saying
# "du", "dich", "dir" or "dein..." (or "bist", "hast", "kannst"...) fails.
# cmake -DTS_DIR=... -P checktranslations.cmake
file(GLOB ts_files "${TS_DIR}/*.ts")
if(NOT ts_files)
    message(FATAL_ERROR "no translation files in ${TS_DIR}")
endif()
set(failed FALSE)
foreach(ts ${ts_files})
    # One list element per line of the file: the characters a CMake list would split at
    # (";") or join over ("[", "]") are replaced first, so the line numbers are the file's.
    file(READ "${ts}" text)
    string(REPLACE ";" "," text "${text}")
    string(REPLACE "[" "(" text "${text}")
    string(REPLACE "]" ")" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(line_no 0)
    set(source "")
    set(in_translation FALSE)
    get_filename_component(ts_name "${ts}" NAME)
    foreach(line IN LISTS lines)
        math(EXPR line_no "${line_no} + 1")
        if(line MATCHES "<source>([^<]*)")
            set(source "${CMAKE_MATCH_1}")
        endif()
        if(line MATCHES "type=\"unfinished\"")
            message(SEND_ERROR "${ts}:${line_no}: unfinished translation of \"${source}\"")
            set(failed TRUE)
        endif()
        if(line MATCHES "<translation")
            set(in_translation TRUE)
        endif()
        if(in_translation AND ts_name STREQUAL "jwfleet_de.ts")
            # Word boundaries by hand (CMake's regex has none); umlauts are bytes >= 0x80,
            # never letters here, so "für dich" and "(dein" are found alike.
            if(line MATCHES "(^|[^A-Za-z])(du|Du|dich|Dich|dir|Dir|dein|deine|deinen|deinem|deiner|deines|Dein|Deine|Deinen|Deinem|Deiner|Deines|bist|hast|kannst|willst|musst|darfst|möchtest)([^A-Za-z]|$)")
                message(SEND_ERROR "${ts}:${line_no}: \"${CMAKE_MATCH_2}\" where the German interface says \"Sie\" (translation of \"${source}\")")
                set(failed TRUE)
            endif()
        endif()
        if(line MATCHES "</translation>")
            set(in_translation FALSE)
        endif()
    endforeach()
endforeach()
if(failed)
    message(FATAL_ERROR "translations are unfinished (see above)")
endif()
