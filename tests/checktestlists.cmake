# SPDX-License-Identifier: GPL-3.0-or-later
# A test binary whose ctest entries name its functions (a fast list and a slow one) runs
# every function it has: one left out of both lists is never run, and could fail unseen
# (tst_aiplayer had two such, one failing). Qt Test lists a binary's functions with
# -functions.
# cmake -DBIN=path/to/tst_x -DLISTED=fnA,fnB,... -P checktestlists.cmake
cmake_minimum_required(VERSION 3.16) # the IN_LIST operator
string(REPLACE "," ";" LISTED "${LISTED}")
execute_process(COMMAND "${BIN}" -functions
                OUTPUT_VARIABLE out
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${BIN} -functions failed (${rc})")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(count 0)
set(missing "")
foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line MATCHES "^([A-Za-z_][A-Za-z0-9_]*)\\(\\)$")
        math(EXPR count "${count} + 1")
        if(NOT CMAKE_MATCH_1 IN_LIST LISTED)
            list(APPEND missing "${CMAKE_MATCH_1}")
        endif()
    endif()
endforeach()
if(count EQUAL 0)
    message(FATAL_ERROR "${BIN} -functions listed no function")
endif()
if(missing)
    list(JOIN missing ", " missing)
    message(FATAL_ERROR "${BIN}: test functions in no ctest list (never run): ${missing}")
endif()
message(STATUS "${BIN}: all ${count} test functions are in a ctest list")
