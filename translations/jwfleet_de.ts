<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="52"/>
        <source>Fleet files (*.jwfleet);;All files (*)</source>
        <translation>Flottendateien (*.jwfleet);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="44"/>
        <source> &lt;i&gt;(System Trait, 1 box)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(Systemeigenschaft, 1 Kästchen)&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="45"/>
        <source> &lt;i&gt;(System Trait, %1 boxes)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(Systemeigenschaft, %1 Kästchen)&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="145"/>
        <source>Print Preview – %1</source>
        <translation>Druckvorschau – %1</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="149"/>
        <location filename="../ui/print/printing.cpp" line="169"/>
        <source>Print</source>
        <translation>Drucken</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="169"/>
        <source>The fleet has no units to print.</source>
        <translation>Die Flotte hat keine Einheiten zum Drucken.</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="201"/>
        <source>Fleet</source>
        <translation>Flotte</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="211"/>
        <location filename="../ui/print/printing.cpp" line="221"/>
        <source>Export Cards to PDF</source>
        <translation>Karten als PDF exportieren</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="212"/>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="232"/>
        <location filename="../ui/print/printing.cpp" line="245"/>
        <source>Export Card as PNG</source>
        <translation>Karte als PNG exportieren</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="234"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="213"/>
        <source>Area. Move: AC:2 (Capital Ships). Overlap: Defense +1.</source>
        <translation>Fläche. Bewegung: AC:2 (Großkampfschiffe). Überlappung: Verteidigung +1.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="215"/>
        <source>Area. Move: AC/AS:2, Speed -1. Overlap: ECM +1.</source>
        <translation>Fläche. Bewegung: AC/AS:2, Geschwindigkeit -1. Überlappung: ECM +1.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="217"/>
        <source>Body: Model, Overlap AC:6, Stealth +1 within 3&quot;. Tail: Area, Move AC/AS:2, Overlap Defense +1. Moves 2d6 away from its Tail at the end of each Deployment Phase%1.</source>
        <translation>Kern: Modell, Überlappung AC:6, Tarnung +1 innerhalb von 3&quot;. Schweif: Fläche, Bewegung AC/AS:2, Überlappung Verteidigung +1. Bewegt sich am Ende jeder Aufstellungsphase 2W6 von seinem Schweif weg%1.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="220"/>
        <source> (this one is Stationary)</source>
        <translation> (dieser ist ortsfest)</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="223"/>
        <source>Model. Stealth +1 within 3&quot;; a Capital Ship ending its move on it: AC:6.</source>
        <translation>Modell. Tarnung +1 innerhalb von 3&quot;; ein Großkampfschiff, das seine Bewegung darauf beendet: AC:6.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="226"/>
        <source>Token (40 mm). AC:3 Missile attack on an enemy Capital Ship moving within 3&quot;. A Squadron with Structure 2 to attack.</source>
        <translation>Marker (40 mm). Missile-Angriff mit AC:3 auf ein feindliches Großkampfschiff, das sich innerhalb von 3&quot; bewegt. Wird als Staffel mit Struktur 2 angegriffen.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="229"/>
        <source>Area. Move: AC/AS:2. Overlap: Defense +1; Beam and Particle attacks on or through it -1d6.</source>
        <translation>Fläche. Bewegung: AC/AS:2. Überlappung: Verteidigung +1; Beam- und Particle-Angriffe auf sie oder durch sie hindurch -1W6.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="232"/>
        <source>Edge. Capital Ships: Speed +2 with it in the Fore arc, -1 in the Aft arc. May not be overlapped or moved through.</source>
        <translation>Rand. Großkampfschiffe: Geschwindigkeit +2, wenn er im Bug-Feuerwinkel liegt, -1 im Heck-Feuerwinkel. Darf nicht überlappt oder durchquert werden.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="235"/>
        <source>Area. Stealth +1 within 3&quot;; Speed +2 starting a move on it; no damage.</source>
        <translation>Fläche. Tarnung +1 innerhalb von 3&quot;; Geschwindigkeit +2, wenn eine Bewegung darauf beginnt; kein Schaden.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="238"/>
        <source>Model: Structure %1, Hangers %2.</source>
        <translation>Modell: Struktur %1, Hangers %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="242"/>
        <source>Model: Structure %1; may be boarded.</source>
        <translation>Modell: Struktur %1; kann geentert werden.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="113"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="116"/>
        <source>Campaign database (SQLite file)</source>
        <translation>Kampagnendatenbank (SQLite-Datei)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="118"/>
        <source>Campaign databases (*.sqlite *.db);;All files (*)</source>
        <translation>Kampagnendatenbanken (*.sqlite *.db);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="123"/>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1297"/>
        <source>The file does not exist yet: it will be created.</source>
        <translation>Die Datei existiert noch nicht: Sie wird angelegt.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1308"/>
        <source>Connected: campaign “%1”.</source>
        <translation>Verbunden: Kampagne „%1“.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1309"/>
        <source>Connected: no campaign in it yet.</source>
        <translation>Verbunden: Sie enthält noch keine Kampagne.</translation>
    </message>
</context>
<context>
    <name>RulesLibrary</name>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="64"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="64"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="73"/>
        <source>Rules profiles</source>
        <translation>Regelprofile</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="74"/>
        <source>The rules versions differ in a few places. jwfleet plays each version as a rules profile, chosen for a fleet, a game and a campaign; v1.2.2, the only complete text, is the default. This table is what the engine applies; RULINGS.md, section 2, quotes the texts.</source>
        <translation>Die Regelversionen unterscheiden sich an wenigen Stellen. jwfleet spielt jede Version als Regelprofil, gewählt für eine Flotte, ein Spiel und eine Kampagne; v1.2.2, der einzige vollständige Text, ist der Standard. Diese Tabelle ist, was die Regel-Engine anwendet; RULINGS.md, Abschnitt 2, zitiert die Texte.</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="80"/>
        <source>What differs</source>
        <translation>Was sich unterscheidet</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="81"/>
        <source>switch</source>
        <translation>Schalter</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="94"/>
        <source>Game sizes (points)</source>
        <translation>Spielgrößen (Punkte)</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="100"/>
        <source>Unit Cap</source>
        <translation>Einheitenlimit</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="101"/>
        <source>Upgrades</source>
        <translation>Upgrades</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="103"/>
        <source>cards not published</source>
        <translation>Karten nicht veröffentlicht</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="104"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="107"/>
        <source>Explosion</source>
        <translation>Explosion</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="109"/>
        <source>pools from the starting Structure</source>
        <translation>Pools aus der Anfangsstruktur</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="110"/>
        <source>Particle Cannon attack within 6&quot;</source>
        <translation>Partikelkanonen-Angriff innerhalb von 6&quot;</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="112"/>
        <source>Assaulting state</source>
        <translation>Zustand Assaulting</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="114"/>
        <source>after an Assault</source>
        <translation>nach einem Assault</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="115"/>
        <source>after a Bombing Run</source>
        <translation>nach einem Bombing Run</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="117"/>
        <source>A Boarded ship may Initiate Boarding</source>
        <translation>Ein geentertes Schiff darf Initiate Boarding erklären</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="119"/>
        <source>Withdrawn by leaving play</source>
        <translation>Withdrawn durch Verlassen des Spiels</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="121"/>
        <source>Secret deployment and unit cards</source>
        <translation>Geheime Aufstellung und Einheitenkarten</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="123"/>
        <source>Squadron [Q+] damage</source>
        <translation>Staffelschaden bei [Q+]</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="124"/>
        <source>Destroyed</source>
        <translation>Zerstört</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="125"/>
        <source>-3 Structure</source>
        <translation>-3 Struktur</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="132"/>
        <source>The default profile.</source>
        <translation>Das Standardprofil.</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="133"/>
        <source>Its texts: the States and Dice System chapters of this version, where they are among jwfleet&apos;s texts; everything else as in v1.2.2.</source>
        <translation>Seine Texte: die Kapitel States und Dice System dieser Version, soweit jwfleet sie hat; alles andere wie in v1.2.2.</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="142"/>
        <source>Fleet building</source>
        <translation>Flottenbau</translation>
    </message>
</context>
<context>
    <name>jw::Application</name>
    <message>
        <location filename="../ui/application.cpp" line="24"/>
        <source>an unknown error</source>
        <translation>ein unbekannter Fehler</translation>
    </message>
    <message>
        <location filename="../ui/application.cpp" line="34"/>
        <source>Something went wrong: %1

What you were doing was stopped; your files are as they were last saved. Please save your work under a new name and report this problem.</source>
        <translation>Etwas ist schiefgegangen: %1

Der laufende Vorgang wurde abgebrochen; Ihre Dateien sind so, wie sie zuletzt gespeichert wurden. Bitte speichern Sie Ihre Arbeit unter einem neuen Namen und melden Sie dieses Problem.</translation>
    </message>
    <message>
        <location filename="../ui/application.cpp" line="45"/>
        <source>jwfleet</source>
        <translation>jwfleet</translation>
    </message>
</context>
<context>
    <name>jw::AttackPreviewPanel</name>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="176"/>
        <source>Base dice are rolled and kept. Flex dice are rolled with them, then you drop as many dice as there are Flex dice, your choice. Two or more dice of one value are a success: a Double [D], a Triple [T], a Quadruple+ [Q]. Macro dice are rolled apart: each one showing a success&apos;s value Escalates it (+ Macro) or Diminishes it (− Macro).</source>
        <translation>Basiswürfel werden gewürfelt und behalten. Flex-Würfel werden mit ihnen gewürfelt; danach legen Sie so viele Würfel weg, wie es Flex-Würfel gibt, nach Ihrer Wahl. Zwei oder mehr Würfel mit demselben Wert sind ein Erfolg: ein Pasch [D], ein Drilling [T], ein Vierling+ [Q]. Makrowürfel werden getrennt gewürfelt: Jeder, der den Wert eines Erfolgs zeigt, steigert ihn (+ Makro) oder schwächt ihn ab (− Makro).</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="181"/>
        <source>&lt;b&gt;Odds of the best result&lt;/b&gt;</source>
        <translation>&lt;b&gt;Chancen für das beste Ergebnis&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="199"/>
        <source>Roll the dice (Enter)</source>
        <translation>Würfeln (Enter)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="202"/>
        <source>Cancel (Esc)</source>
        <translation>Abbrechen (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="226"/>
        <source>%1&apos;s %2 → %3</source>
        <translation>%2 von %1 → %3</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="228"/>
        <source>%1 range, %2&quot;</source>
        <translation>Reichweite %1, %2&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="232"/>
        <source>, from its %1 arc</source>
        <translation>, aus seinem Feuerwinkel %1</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="234"/>
        <source>. Link: %1 rolls, one after the other</source>
        <translation>. Link: %1 Würfe nacheinander</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="239"/>
        <source>. Also on the Kinetic Cannon&apos;s line (−1B each): %1</source>
        <translation>. Ebenfalls auf der Linie der Kinetic Cannon (je −1B): %1</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="243"/>
        <source>. %1 is Cloaked: a Skill Test [D+] comes first</source>
        <translation>. %1 ist getarnt (Cloak): zuerst eine Fertigkeitsprobe [D+]</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="245"/>
        <source>. Enemy squadrons may intercept first</source>
        <translation>. Feindliche Staffeln dürfen zuerst abfangen</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="251"/>
        <source>%n Base</source>
        <translation>
            <numerusform>%n Basis</numerusform>
            <numerusform>%n Basis</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="253"/>
        <source>%n Flex</source>
        <translation>
            <numerusform>%n Flex</numerusform>
            <numerusform>%n Flex</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="255"/>
        <source>+%n Macro</source>
        <translation>
            <numerusform>+%n Makro</numerusform>
            <numerusform>+%n Makro</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="256"/>
        <source>−%n Macro</source>
        <translation>
            <numerusform>−%n Makro</numerusform>
            <numerusform>−%n Makro</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="258"/>
        <source>&lt;b&gt;Pool %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Pool %1:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="262"/>
        <source>fewer than 2 Base dice: it rolls 2 dice, no Flex, no Macro (Dice System: Base Pool of 1)</source>
        <translation>weniger als 2 Basiswürfel: 2 Würfel werden gewürfelt, ohne Flex, ohne Makro (Dice System: Base Pool of 1)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="265"/>
        <source>roll %1 dice</source>
        <translation>%1 Würfel würfeln</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="267"/>
        <source>then drop 1 of them (Flex)</source>
        <translation>dann 1 davon weglegen (Flex)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="269"/>
        <source>then drop %1 of them (Flex)</source>
        <translation>dann %1 davon weglegen (Flex)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="271"/>
        <source>1 macro die Escalates a match of its value</source>
        <translation>1 Makrowürfel steigert einen Erfolg seines Werts</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="273"/>
        <source>%1 macro dice Escalate a match of their value</source>
        <translation>%1 Makrowürfel steigern einen Erfolg ihres Werts</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="275"/>
        <source>1 macro die Diminishes a match of its value</source>
        <translation>1 Makrowürfel schwächt einen Erfolg seines Werts ab</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="277"/>
        <source>%1 macro dice Diminish a match of their value</source>
        <translation>%1 Makrowürfel schwächen einen Erfolg ihres Werts ab</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="289"/>
        <source>%1 (its rating)</source>
        <translation>%1 (der Wert selbst)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="293"/>
        <source>&lt;b&gt;Why this pool&lt;/b&gt;</source>
        <translation>&lt;b&gt;Warum dieser Pool&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="298"/>
        <source>ECM removes %n Flex dice of the Attack Bonus</source>
        <translation>
            <numerusform>ECM entfernt %n Flex-Würfel des Angriffsbonus</numerusform>
            <numerusform>ECM entfernt %n Flex-Würfel des Angriffsbonus</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="300"/>
        <source>%1 Armor %2: −%2 Macro</source>
        <translation>Panzerung %1 %2: −%2 Makro</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="304"/>
        <source>%1&apos;s Barrier may oppose a hit: %2, succeeds %3 (each success Diminishes the hit)</source>
        <translation>Die Barriere von %1 kann einem Treffer entgegenwirken: %2, gelingt zu %3 (jeder Erfolg mindert den Treffer)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="306"/>
        <source>%1&apos;s Point Defense may oppose a hit: %2, succeeds %3 (each success Diminishes the hit)</source>
        <translation>Die Punktverteidigung von %1 kann einem Treffer entgegenwirken: %2, gelingt zu %3 (jeder Erfolg mindert den Treffer)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="320"/>
        <source>&lt;b&gt;Defences&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;Abwehr&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="324"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="327"/>
        <source>&lt;b&gt;After the roll&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;Nach dem Wurf&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="334"/>
        <source>Miss %1 · [D] %2 · [T] %3 · [Q+] %4&lt;br&gt;A hit (at least [D]): %5</source>
        <translation>Fehlschuss %1 · [D] %2 · [T] %3 · [Q+] %4&lt;br&gt;Ein Treffer (mindestens [D]): %5</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="338"/>
        <source>&lt;br&gt;&lt;small&gt;before the defence rolls&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;vor den Abwehrwürfen&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="343"/>
        <source>&lt;b&gt;Expected damage:&lt;/b&gt; %1 of its %2 Structure lost.&lt;br&gt;Chance to destroy it: %3</source>
        <translation>&lt;b&gt;Erwarteter Schaden:&lt;/b&gt; %1 von %2 Struktur verloren.&lt;br&gt;Chance auf Zerstörung: %3</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="349"/>
        <source>&lt;b&gt;Expected damage:&lt;/b&gt; %1 Rating Damage, %2 Structure, %3 Critical Hits.&lt;br&gt;Chance to bring it to Structure 0 (Crippled): %4 (it has %5 Structure left)</source>
        <translation>&lt;b&gt;Erwarteter Schaden:&lt;/b&gt; %1 Wertschaden, %2 Struktur, %3 kritische Treffer.&lt;br&gt;Chance, es auf Struktur 0 zu bringen (lahmgelegt): %4 (noch %5 Struktur übrig)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="357"/>
        <source>&lt;br&gt;&lt;small&gt;per roll; %n rolls&lt;/small&gt;</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;small&gt;je Wurf; %n Wurf&lt;/small&gt;</numerusform>
            <numerusform>&lt;br&gt;&lt;small&gt;je Wurf; %n Würfe&lt;/small&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jw::AttackResultView</name>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="31"/>
        <source>a Double</source>
        <translation>ein Pasch</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="33"/>
        <source>a Triple</source>
        <translation>ein Drilling</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="35"/>
        <source>a Quadruple</source>
        <translation>ein Vierling</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="47"/>
        <source>%1 of %2s</source>
        <translation>%1 aus %2ern</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="50"/>
        <location filename="../ui/table/dicewidget.cpp" line="61"/>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="353"/>
        <source>Attack result</source>
        <translation>Ergebnis des Angriffs</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="413"/>
        <source>%1&apos;s %2 at %3: %4</source>
        <translation>%2 von %1 gegen %3: %4</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="431"/>
        <source>%1&apos;s Barrier opposes it:</source>
        <translation>Barriere von %1 hält dagegen:</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="432"/>
        <source>%1&apos;s Point Defense opposes it:</source>
        <translation>Punktverteidigung von %1 hält dagegen:</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="434"/>
        <source>%1 re-rolls its defence:</source>
        <translation>%1 würfelt die Abwehr neu:</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="437"/>
        <source>%1&apos;s Barrier</source>
        <translation>Barriere von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="438"/>
        <source>%1&apos;s Point Defense</source>
        <translation>Punktverteidigung von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="440"/>
        <source>Re-roll:</source>
        <translation>Wiederholungswurf:</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="441"/>
        <source>Attack roll:</source>
        <translation>Angriffswurf:</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="454"/>
        <source>%1 diminishes %2 to %3</source>
        <translation>%1 mindert %2 auf %3</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="455"/>
        <source>The defence</source>
        <translation>Die Abwehr</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="461"/>
        <source>%1: %2 becomes %3</source>
        <translation>%1: %2 wird zu %3</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="475"/>
        <source>%1&apos;s %2</source>
        <translation>%2 von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="478"/>
        <source>%1 stops the hit: %2 misses %3.</source>
        <translation>%1 hält den Treffer auf: %2 verfehlt %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="481"/>
        <source>%1 misses %2: the hit is Diminished to nothing.</source>
        <translation>%1 verfehlt %2: Der Treffer wird zu nichts gemindert.</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="483"/>
        <source>%1 misses %2: no two dice match.</source>
        <translation>%1 verfehlt %2: Keine zwei Würfel zeigen denselben Wert.</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="503"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="506"/>
        <source>%1 loses %2</source>
        <translation>%1 verliert %2</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="508"/>
        <source>%1 is Destroyed</source>
        <translation>%1 ist zerstört</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="509"/>
        <source>%1 and is Destroyed</source>
        <translation>%1 und ist zerstört</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="510"/>
        <source>%1 hits %2 with %3 (%4)</source>
        <translation>%1 trifft %2 – %3 (%4)</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="513"/>
        <source>, diminished from %1 by %2</source>
        <translation>, durch %2 gemindert (vorher %1)</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="514"/>
        <source>.</source>
        <translation>.</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="514"/>
        <source>: %1.</source>
        <translation>: %1.</translation>
    </message>
</context>
<context>
    <name>jw::BattleEntryDialog</name>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="40"/>
        <source>Enter a Battle</source>
        <translation>Schlacht eintragen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="48"/>
        <source>&amp;Date:</source>
        <translation>&amp;Datum:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="53"/>
        <source>&amp;Scenario:</source>
        <translation>S&amp;zenario:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="58"/>
        <source>First player</source>
        <translation>Erster Spieler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="58"/>
        <source>Second player</source>
        <translation>Zweiter Spieler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="69"/>
        <source>Player:</source>
        <translation>Spieler:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="70"/>
        <source>Victory Points:</source>
        <translation>Siegpunkte:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="71"/>
        <source>Objective Points:</source>
        <translation>Missionspunkte:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="82"/>
        <source>&amp;Winner:</source>
        <translation>&amp;Sieger:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="85"/>
        <source>Units (those not changed came out Intact):</source>
        <translation>Einheiten (unveränderte sind intakt geblieben):</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="88"/>
        <source>Units and how they came out</source>
        <translation>Einheiten und wie sie aus der Schlacht kamen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>TV</source>
        <translation>TV</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>Fate</source>
        <translation>Schicksal</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="91"/>
        <source>%1 lost</source>
        <translation>%1 verloren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="92"/>
        <source>Kills</source>
        <translation>Abschüsse</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="101"/>
        <source>&amp;Notes:</source>
        <translation>&amp;Notizen:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="117"/>
        <source>Add Battle</source>
        <translation>Schlacht hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="131"/>
        <source>By the points (most Objective Points, then Victory Points)</source>
        <translation>Nach Punkten (meiste Missionspunkte, dann Siegpunkte)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="135"/>
        <source>Draw</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="248"/>
        <source>Choose both players.</source>
        <translation>Beide Spieler wählen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="250"/>
        <source>A battle is between two different players.</source>
        <translation>Eine Schlacht findet zwischen zwei verschiedenen Spielern statt.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="255"/>
        <source>the battle form</source>
        <translation>das Schlachtformular</translation>
    </message>
</context>
<context>
    <name>jw::CampaignChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="104"/>
        <source>No data yet.</source>
        <translation>Noch keine Daten.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="106"/>
        <source>Players: %1. Hover a point or a bar for its value. Left and Right choose a player of the legend, Space hides or shows their series; the context menu exports the chart as an image.</source>
        <translation>Spieler: %1. Mit dem Mauszeiger über einem Punkt oder Balken erscheint sein Wert. Links und Rechts wählen einen Spieler der Legende, die Leertaste blendet seine Reihe aus oder ein; das Kontextmenü exportiert das Diagramm als Bild.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="165"/>
        <source>cannot write %1: the image could not be encoded as PNG</source>
        <translation>%1 kann nicht geschrieben werden: das Bild ließ sich nicht als PNG kodieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="318"/>
        <source>Click to hide %1&apos;s series</source>
        <translation>Klicken, um die Reihe von %1 auszublenden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="319"/>
        <source>Click to show %1&apos;s series</source>
        <translation>Klicken, um die Reihe von %1 einzublenden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="345"/>
        <source>Left / Right</source>
        <translation>Links / Rechts</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="345"/>
        <source>Choose a player of the legend</source>
        <translation>Einen Spieler der Legende wählen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="346"/>
        <source>Space or Enter</source>
        <translation>Leertaste oder Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="346"/>
        <source>Hide or show the chosen player&apos;s series</source>
        <translation>Die Reihe des gewählten Spielers aus- oder einblenden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="385"/>
        <source>Export Chart as PNG…</source>
        <translation>Diagramm als PNG exportieren…</translation>
    </message>
</context>
<context>
    <name>jw::CampaignWindow</name>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="172"/>
        <source>Create a Campaign Here…</source>
        <translation>Hier eine Kampagne anlegen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="174"/>
        <source>New Campaign…</source>
        <translation>Neue Kampagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="176"/>
        <source>Open Campaign…</source>
        <translation>Kampagne öffnen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="178"/>
        <source>Database Settings…</source>
        <translation>Datenbankeinstellungen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="312"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="324"/>
        <source>Battles</source>
        <translation>Schlachten</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="746"/>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="748"/>
        <source>Drawn</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="747"/>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>OP</source>
        <translation>MP</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>VP</source>
        <translation>SP</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <source>VP against</source>
        <translation>SP gegen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="198"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="264"/>
        <source>TV destroyed</source>
        <translation>TV zerstört</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="198"/>
        <source>Repairs (OP)</source>
        <translation>Reparaturen (MP)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="200"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="206"/>
        <source>Standings</source>
        <translation>Rangliste</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="218"/>
        <source>Add Player…</source>
        <translation>Spieler hinzufügen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="220"/>
        <source>Roster from Fleet File…</source>
        <translation>Kader aus Flottendatei…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="222"/>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="228"/>
        <source>Rename Player</source>
        <translation>Spieler umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="228"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="359"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1236"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="233"/>
        <source>Remove Player</source>
        <translation>Spieler entfernen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="235"/>
        <source>Remove a player who has played no battle (undoable)</source>
        <translation>Einen Spieler entfernen, der noch keine Schlacht gespielt hat (rückgängig machbar)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="245"/>
        <source>&lt;b&gt;Roster&lt;/b&gt; (units that left it are kept for the history)</source>
        <translation>&lt;b&gt;Kader&lt;/b&gt; (ausgeschiedene Einheiten bleiben für die Historie erhalten)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Survived</source>
        <translation>Überlebt</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Kills</source>
        <translation>Abschüsse</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Damage carried</source>
        <translation>Verbleibender Schaden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Renowned</source>
        <translation>Renowned</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Captured from</source>
        <translation>Gekapert von</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="252"/>
        <source>Repair Selected Unit</source>
        <translation>Gewählte Einheit reparieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="261"/>
        <source>&lt;b&gt;Battles&lt;/b&gt;</source>
        <translation>&lt;b&gt;Schlachten&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <source>Opponent</source>
        <translation>Gegner</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <source>OP against</source>
        <translation>MP gegen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="264"/>
        <source>TV lost</source>
        <translation>TV verloren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="216"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="274"/>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="250"/>
        <source>Roster</source>
        <translation>Kader</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="266"/>
        <source>The player&apos;s battles</source>
        <translation>Die Schlachten des Spielers</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="281"/>
        <source>Enter Battle…</source>
        <translation>Schlacht eintragen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="283"/>
        <source>Import Game…</source>
        <translation>Spiel importieren…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="285"/>
        <source>Import Battle Report…</source>
        <translation>Schlachtbericht importieren…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="287"/>
        <source>Edit Notes…</source>
        <translation>Notizen bearbeiten…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="295"/>
        <source>Battle Notes</source>
        <translation>Schlachtnotizen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="296"/>
        <source>Notes:</source>
        <translation>Notizen:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>First player</source>
        <translation>Erster Spieler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>Second player</source>
        <translation>Zweiter Spieler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>Winner</source>
        <translation>Sieger</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>Entered</source>
        <translation>Eingetragen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="316"/>
        <source>The battle&apos;s details</source>
        <translation>Einzelheiten der Schlacht</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="347"/>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="352"/>
        <source>Campaign settings</source>
        <translation>Kampagneneinstellungen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="363"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1228"/>
        <source> points</source>
        <translation> Punkte</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="364"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1237"/>
        <source>Points level:</source>
        <translation>Punktestufe:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="368"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1238"/>
        <source>Rules:</source>
        <translation>Regeln:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="371"/>
        <source>House rules (ours: the rulebook has no campaign rules; see docs/campaign-rules.md)</source>
        <translation>Hausregeln (unsere: Das Regelbuch hat keine Kampagnenregeln; siehe docs/campaign-rules.md)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="382"/>
        <source>No repairs</source>
        <translation>Keine Reparaturen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="383"/>
        <source>A repair roll a box</source>
        <translation>Ein Reparaturwurf je Kästchen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="384"/>
        <source>Repairs cost Objective Points</source>
        <translation>Reparaturen kosten Missionspunkte</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="403"/>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="408"/>
        <source>Repair roll: a box is repaired on</source>
        <translation>Reparaturwurf: Ein Kästchen wird repariert bei</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="409"/>
        <source>Repair cost: Objective Points a box</source>
        <translation>Reparaturkosten: Missionspunkte je Kästchen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="410"/>
        <source>Renowned after surviving (battles)</source>
        <translation>Renowned nach Überleben von (Schlachten)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="411"/>
        <source>Campaign points for a win</source>
        <translation>Kampagnenpunkte für einen Sieg</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="412"/>
        <source>Campaign points for a draw</source>
        <translation>Kampagnenpunkte für ein Unentschieden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="413"/>
        <source>Campaign points for a loss</source>
        <translation>Kampagnenpunkte für eine Niederlage</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="423"/>
        <source>Tie-breakers, in order (drag to reorder; tick to use)</source>
        <translation>Gleichstandsregeln, in Reihenfolge (zum Umordnen ziehen; zum Verwenden ankreuzen)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="427"/>
        <source>Tie-breakers</source>
        <translation>Gleichstandsregeln</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="435"/>
        <source>Revert</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="437"/>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="448"/>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="513"/>
        <source>No campaign database given.</source>
        <translation>Keine Kampagnendatenbank angegeben.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="521"/>
        <source>The campaign database cannot be opened: %1</source>
        <translation>Die Kampagnendatenbank kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="535"/>
        <source>%1 already holds the campaign “%2”: a database holds one campaign. Choose another file or database.</source>
        <translation>%1 enthält bereits die Kampagne „%2“: Eine Datenbank enthält eine Kampagne. Eine andere Datei oder Datenbank wählen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="593"/>
        <source>&lt;b&gt;Campaign&lt;/b&gt; · %1</source>
        <translation>&lt;b&gt;Kampagne&lt;/b&gt; · %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="594"/>
        <source>&lt;b&gt;Campaign&lt;/b&gt;</source>
        <translation>&lt;b&gt;Kampagne&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="596"/>
        <source>%1 holds no campaign yet.</source>
        <translation>%1 enthält noch keine Kampagne.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="597"/>
        <source>No campaign is open. A campaign follows a club&apos;s players, their rosters and battles over weeks, with standings and charts.
It lives in a database: an SQLite file on this computer, or a PostgreSQL database a club shares.</source>
        <translation>Keine Kampagne geöffnet. Eine Kampagne begleitet die Spieler eines Clubs, ihre Kader und Schlachten über Wochen, mit Rangliste und Diagrammen.
Sie liegt in einer Datenbank: einer SQLite-Datei auf diesem Computer oder einer PostgreSQL-Datenbank, die ein Club gemeinsam nutzt.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="605"/>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 points · %3 · %4 players · %5 battles · &lt;i&gt;%6&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 Punkte · %3 · %4 Spieler · %5 Schlachten · &lt;i&gt;%6&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="639"/>
        <source>player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="667"/>
        <source>Ranked by campaign points (win %1, draw %2, loss %3), then: %4. OP: Objective Points less repair costs; TV destroyed: the points of enemy units destroyed.</source>
        <translation>Rangfolge nach Kampagnenpunkten (Sieg %1, Unentschieden %2, Niederlage %3), dann: %4. MP: Missionspunkte abzüglich Reparaturkosten; TV zerstört: die Punkte zerstörter feindlicher Einheiten.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="672"/>
        <source>the name</source>
        <translation>der Name</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="681"/>
        <source>%1 — %2 (%3 units)</source>
        <translation>%1 — %2 (%3 Einheiten)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="722"/>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="722"/>
        <source>Left the roster</source>
        <translation>Aus dem Kader ausgeschieden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="727"/>
        <source>★ Renowned</source>
        <translation>★ Renowned</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="781"/>
        <source>Draw</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="783"/>
        <source>from a game</source>
        <translation>aus einem Spiel</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="784"/>
        <source>from a report</source>
        <translation>aus einem Bericht</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="785"/>
        <source>by hand</source>
        <translation>von Hand</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="816"/>
        <source>&lt;p&gt;&lt;i&gt;No battle yet: enter one by hand, or import a finished game or a battle report.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Noch keine Schlacht: eine von Hand eintragen oder ein beendetes Spiel oder einen Schlachtbericht importieren.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="828"/>
        <source>A draw.</source>
        <translation>Ein Unentschieden.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="829"/>
        <source>&lt;b&gt;%1&lt;/b&gt; won.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; hat gewonnen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="836"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;Victory Points %3 · Objective Points %4 · TV destroyed %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;Siegpunkte %3 · Missionspunkte %4 · TV zerstört %5</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="847"/>
        <source>Attack dice: %1 successes in %2 rolls, %3 expected</source>
        <translation>Angriffswürfel: %1 Erfolge in %2 Würfen, %3 erwartet</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="853"/>
        <source>&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;Unit&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Fate&lt;/th&gt;&lt;th&gt;TV&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Boxes marked&lt;/th&gt;&lt;th&gt;Kills&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;Einheit&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Schicksal&lt;/th&gt;&lt;th&gt;TV&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Markierte Kästchen&lt;/th&gt;&lt;th&gt;Abschüsse&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="869"/>
        <source>&lt;p&gt;&lt;i&gt;No dice recorded (only a battle imported from a game records its rolls): the luck chart does not count this battle.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Keine Würfel aufgezeichnet (nur eine aus einem Spiel importierte Schlacht zeichnet ihre Würfe auf): das Glücksdiagramm zählt diese Schlacht nicht.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="872"/>
        <source>&lt;p&gt;&lt;b&gt;Notes:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Notizen:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="956"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1254"/>
        <source>The campaign needs a name.</source>
        <translation>Die Kampagne braucht einen Namen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="968"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1103"/>
        <source>No campaign is open.</source>
        <translation>Keine Kampagne geöffnet.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="979"/>
        <source>Nothing was overwritten; the campaign was reloaded.</source>
        <translation>Nichts wurde überschrieben; die Kampagne wurde neu geladen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="997"/>
        <source>A player needs a name.</source>
        <translation>Ein Spieler braucht einen Namen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1007"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1033"/>
        <source>Choose a player first.</source>
        <translation>Zuerst einen Spieler wählen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1015"/>
        <source>Set the roster of %1</source>
        <translation>Kader von %1 festlegen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1026"/>
        <source>Rename %1 to %2</source>
        <translation>%1 in %2 umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1046"/>
        <source>Change the campaign settings</source>
        <translation>Kampagneneinstellungen ändern</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1066"/>
        <source>Battle added. %1</source>
        <translation>Schlacht hinzugefügt. %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1068"/>
        <source>Battle added: %1</source>
        <translation>Schlacht hinzugefügt: %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1070"/>
        <source>Battle added.</source>
        <translation>Schlacht hinzugefügt.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1080"/>
        <source>The game cannot be imported:
%1</source>
        <translation>Das Spiel kann nicht importiert werden:
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1089"/>
        <source>No campaign is open: open or create one, then add the game.</source>
        <translation>Keine Kampagne geöffnet: eine öffnen oder anlegen, dann das Spiel hinzufügen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1092"/>
        <source>the game on the table</source>
        <translation>das Spiel auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1094"/>
        <source>The game cannot be added:
%1</source>
        <translation>Das Spiel kann nicht hinzugefügt werden:
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1118"/>
        <source>The battle report cannot be read:
%1</source>
        <translation>Der Schlachtbericht kann nicht gelesen werden:
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1150"/>
        <source>The campaign cannot be exported: %1</source>
        <translation>Die Kampagne kann nicht exportiert werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1160"/>
        <source>Open or create the database to import into first.</source>
        <translation>Zuerst die Datenbank öffnen oder anlegen, in die importiert werden soll.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1165"/>
        <source>The campaign file cannot be read:
%1</source>
        <translation>Die Kampagnendatei kann nicht gelesen werden:
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1183"/>
        <source>&amp;Campaign</source>
        <translation>&amp;Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1184"/>
        <source>&amp;New Campaign…</source>
        <translation>&amp;Neue Kampagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1185"/>
        <source>&amp;Open Campaign File…</source>
        <translation>Kampagnendatei ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1186"/>
        <source>&amp;Database Settings…</source>
        <translation>&amp;Datenbankeinstellungen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1188"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1189"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1194"/>
        <source>Add &amp;Player…</source>
        <translation>S&amp;pieler hinzufügen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1195"/>
        <source>Player Ro&amp;ster from Fleet File…</source>
        <translation>Spielerkader &amp;aus Flottendatei…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1199"/>
        <source>Import &amp;Battle Report…</source>
        <translation>Schlacht&amp;bericht importieren…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1197"/>
        <source>&amp;Enter Battle…</source>
        <translation>Schlacht &amp;eintragen…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1198"/>
        <source>Import &amp;Game…</source>
        <translation>Spiel &amp;importieren…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1203"/>
        <source>E&amp;xport Campaign…</source>
        <translation>Kampagne e&amp;xportieren…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1204"/>
        <source>&amp;Import Campaign…</source>
        <translation>Kampagne imp&amp;ortieren…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1205"/>
        <source>Export C&amp;hart as PNG</source>
        <translation>Dia&amp;gramm als PNG exportieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1212"/>
        <source>&amp;Close Campaign</source>
        <translation>Kampagne &amp;schließen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1221"/>
        <source>New Campaign</source>
        <translation>Neue Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1239"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1279"/>
        <source>Database:</source>
        <translation>Datenbank:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1240"/>
        <source>An SQLite file, or postgresql://user:password@host/database for a campaign a club shares. One campaign a database.</source>
        <translation>Eine SQLite-Datei oder postgresql://user:password@host/database für eine Kampagne, die ein Club gemeinsam nutzt. Eine Kampagne je Datenbank.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1264"/>
        <source>Open Campaign</source>
        <translation>Kampagne öffnen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1265"/>
        <source>Campaign databases (*.sqlite *.db);;All files (*)</source>
        <translation>Kampagnendatenbanken (*.sqlite *.db);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1275"/>
        <source>Campaign Database</source>
        <translation>Kampagnendatenbank</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1281"/>
        <source>An SQLite file on this computer (nothing to set up), or a PostgreSQL database a club shares: postgresql://user:password@host:port/database</source>
        <translation>Eine SQLite-Datei auf diesem Computer (keine Einrichtung nötig) oder eine PostgreSQL-Datenbank, die ein Club gemeinsam nutzt: postgresql://user:password@host:port/database</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1287"/>
        <source>Test Connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1313"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1329"/>
        <source>Add Player</source>
        <translation>Spieler hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1329"/>
        <source>Player&apos;s name:</source>
        <translation>Name des Spielers:</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1334"/>
        <source>%1&apos;s Roster (a fleet file; cancel for an empty roster)</source>
        <translation>Kader von %1 (eine Flottendatei; Abbrechen für einen leeren Kader)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1335"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1359"/>
        <source>Fleet files (*.jwfleet);;All files (*)</source>
        <translation>Flottendateien (*.jwfleet);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1354"/>
        <source>Choose a player on the Players page first.</source>
        <translation>Zuerst auf der Seite „Spieler“ einen Spieler wählen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1358"/>
        <source>%1&apos;s Roster</source>
        <translation>Kader von %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1375"/>
        <source>A battle needs two players: add them on the Players page.</source>
        <translation>Eine Schlacht braucht zwei Spieler: Diese auf der Seite „Spieler“ hinzufügen.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1385"/>
        <source>Import a Finished Game</source>
        <translation>Ein beendetes Spiel importieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1386"/>
        <source>Saved games (*.jwgame);;All files (*)</source>
        <translation>Gespeicherte Spiele (*.jwgame);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1395"/>
        <source>Import a Battle Report</source>
        <translation>Einen Schlachtbericht importieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1396"/>
        <source>Battle reports (*.yaml *.yml);;All files (*)</source>
        <translation>Schlachtberichte (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1406"/>
        <source>Export Campaign</source>
        <translation>Kampagne exportieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1408"/>
        <source>YAML (*.yaml);;JSON (*.json)</source>
        <translation>YAML (*.yaml);;JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1411"/>
        <source>Exported to %1</source>
        <translation>Exportiert nach %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1419"/>
        <source>The chart was not exported: %1</source>
        <translation>Das Diagramm wurde nicht exportiert: %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1432"/>
        <source>Export Chart as PNG</source>
        <translation>Diagramm als PNG exportieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1432"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1435"/>
        <source>Chart exported to %1</source>
        <translation>Diagramm nach %1 exportiert</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1442"/>
        <source>Open or create the database to import into first (Database Settings…).</source>
        <translation>Zuerst die Datenbank öffnen oder anlegen, in die importiert werden soll (Datenbankeinstellungen…).</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1445"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1451"/>
        <source>Import Campaign</source>
        <translation>Kampagne importieren</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1446"/>
        <source>Campaign files (*.yaml *.yml *.json)</source>
        <translation>Kampagnendateien (*.yaml *.yml *.json)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1452"/>
        <source>Importing replaces the campaign “%1” in %2 with the file&apos;s. This cannot be undone: export it first to keep a copy. Replace it?</source>
        <translation>Der Import ersetzt die Kampagne „%1“ in %2 durch die aus der Datei. Dies kann nicht rückgängig gemacht werden: Zuerst exportieren, um eine Kopie zu behalten. Ersetzen?</translation>
    </message>
</context>
<context>
    <name>jw::CardView</name>
    <message>
        <location filename="../ui/print/cardview.cpp" line="15"/>
        <location filename="../ui/print/cardview.cpp" line="26"/>
        <source>Unit card</source>
        <translation>Einheitenkarte</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="26"/>
        <source>Unit card: %1</source>
        <translation>Einheitenkarte: %1</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="31"/>
        <source>Click to turn the card over</source>
        <translation>Klicken, um die Karte umzudrehen</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="89"/>
        <source>Select a unit to see its card.</source>
        <translation>Eine Einheit wählen, um ihre Karte zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="100"/>
        <source>side %1 of %2 – click to turn</source>
        <translation>Seite %1 von %2 – zum Umdrehen klicken</translation>
    </message>
</context>
<context>
    <name>jw::CardViewer</name>
    <message>
        <location filename="../ui/table/cardviewer.cpp" line="17"/>
        <location filename="../ui/table/cardviewer.cpp" line="47"/>
        <source>Unit Card</source>
        <translation>Einheitenkarte</translation>
    </message>
    <message>
        <location filename="../ui/table/cardviewer.cpp" line="47"/>
        <source>Unit Card – %1</source>
        <translation>Einheitenkarte – %1</translation>
    </message>
</context>
<context>
    <name>jw::ChatPanel</name>
    <message>
        <location filename="../ui/table/chatpanel.cpp" line="18"/>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <location filename="../ui/table/chatpanel.cpp" line="28"/>
        <source>Message to the other player…</source>
        <translation>Nachricht an den anderen Spieler …</translation>
    </message>
</context>
<context>
    <name>jw::ClubCreateDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="149"/>
        <source>Create Club Game</source>
        <translation>Clubspiel anlegen</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="152"/>
        <source>Whoever joins the game on the club server.</source>
        <translation>Wer dem Spiel auf dem Clubserver beitritt.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="153"/>
        <source>Create Game</source>
        <translation>Spiel anlegen</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="159"/>
        <source>Choose your fleet.</source>
        <translation>Wählen Sie Ihre Flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="163"/>
        <source>Player 2</source>
        <translation>Spieler 2</translation>
    </message>
</context>
<context>
    <name>jw::ClubJoinDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="172"/>
        <source>Join Club Game %1</source>
        <translation>Clubspiel %1 beitreten</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="181"/>
        <source>Chosen by %1, with the scenario (%2) and the rules (%3).</source>
        <translation>Gewählt von %1, mit dem Szenario (%2) und den Regeln (%3).</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="183"/>
        <source>Join Game</source>
        <translation>Beitreten</translation>
    </message>
</context>
<context>
    <name>jw::ClubLobbyDialog</name>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="53"/>
        <source>Club Server</source>
        <translation>Clubserver</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="61"/>
        <source>e.g. club.example.org or 192.168.1.20</source>
        <translation>z. B. club.example.org oder 192.168.1.20</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="64"/>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="73"/>
        <source>C&amp;onnect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="76"/>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="82"/>
        <source>Your name at the club</source>
        <translation>Ihr Name im Club</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="83"/>
        <source>Your name:</source>
        <translation>Ihr Name:</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="108"/>
        <source>Type the club server&apos;s address and connect.</source>
        <translation>Geben Sie die Adresse des Clubservers ein und verbinden Sie sich.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="132"/>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="142"/>
        <source>&amp;Create Game…</source>
        <translation>Spiel &amp;anlegen…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="144"/>
        <source>Offer a game on the server: your fleet, the scenario and the rules; the first player who joins plays it with you.</source>
        <translation>Ein Spiel auf dem Server anbieten: Ihre Flotte, das Szenario und die Regeln; der erste Spieler, der beitritt, spielt es mit Ihnen.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="146"/>
        <source>&amp;Join Game…</source>
        <translation>Spiel &amp;beitreten…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="148"/>
        <source>Play the selected open game: choose your fleet.</source>
        <translation>Das gewählte offene Spiel spielen: Wählen Sie Ihre Flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="153"/>
        <source>Game under way:</source>
        <translation>Laufendes Spiel:</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="159"/>
        <source>Number of the game to watch</source>
        <translation>Nummer des Spiels zum Zuschauen</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="162"/>
        <source>&amp;Watch</source>
        <translation>&amp;Zuschauen</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="259"/>
        <source>Type the address of the club server.</source>
        <translation>Geben Sie die Adresse des Clubservers ein.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="264"/>
        <source>Connecting to %1, port %2…</source>
        <translation>Verbindung mit %1, Port %2 …</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="467"/>
        <source>Connected to %1: no open game. Create one, or wait for one.</source>
        <translation>Mit %1 verbunden: kein offenes Spiel. Legen Sie eines an oder warten Sie auf eines.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="468"/>
        <source>Connected to %1: one open game.</source>
        <translation>Mit %1 verbunden: ein offenes Spiel.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="469"/>
        <source>Connected to %1: %2 open games.</source>
        <translation>Mit %1 verbunden: %2 offene Spiele.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="482"/>
        <source>(Asked at %1; asked again every few seconds.)</source>
        <translation>(Abgefragt um %1; alle paar Sekunden erneut.)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="530"/>
        <source>The server does not list this game any more: it may have ended.</source>
        <translation>Der Server listet dieses Spiel nicht mehr: Es ist vielleicht beendet.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="533"/>
        <source>It is paused after command %1, waiting for its players.</source>
        <translation>Es ist nach Befehl %1 angehalten und wartet auf seine Spieler.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="557"/>
        <source>Not connected: %1</source>
        <translation>Nicht verbunden: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="570"/>
        <source>Type your name first.</source>
        <translation>Geben Sie zuerst Ihren Namen ein.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="94"/>
        <source>&amp;Take Your Seat Again</source>
        <translation>Platz wieder &amp;einnehmen</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="96"/>
        <source>Go back to your club game where both players last agreed, with the game this computer saved.</source>
        <translation>Zu Ihrem Clubspiel zurückkehren, dort, wo beide Spieler zuletzt übereinstimmten, mit dem Spiel, das dieser Computer gespeichert hat.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="115"/>
        <source>Connect &amp;Now</source>
        <translation>Jetzt &amp;verbinden</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="117"/>
        <source>Try to reach the club server at once.</source>
        <translation>Den Clubserver sofort zu erreichen versuchen.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="118"/>
        <source>&amp;Stop</source>
        <translation>&amp;Aufhören</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="120"/>
        <source>Stop trying to reach the club server (Connect tries again).</source>
        <translation>Nicht mehr versuchen, den Clubserver zu erreichen (Verbinden versucht es erneut).</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Fleets</source>
        <translation>Flotten</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="132"/>
        <source>Turn</source>
        <translation>Runde</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="132"/>
        <source>Spectators</source>
        <translation>Zuschauer</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="133"/>
        <source>The club&apos;s games</source>
        <translation>Die Spiele des Clubs</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="137"/>
        <source>How many watch the game</source>
        <translation>Wie viele dem Spiel zuschauen</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="164"/>
        <source>Follow a game under way as a spectator: its table and its public events, as late as the server holds them back. Select the game in the list, or type its number.</source>
        <translation>Einem laufenden Spiel als Zuschauer folgen: sein Tisch und seine öffentlichen Ereignisse, so spät, wie der Server sie zurückhält. Wählen Sie das Spiel in der Liste oder geben Sie seine Nummer ein.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="317"/>
        <source>Connection to %1 lost (%2); trying again in %3 s…</source>
        <translation>Verbindung zu %1 verloren (%2); neuer Versuch in %3 s…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="320"/>
        <source>Connection to %1 lost (%2); trying again now…</source>
        <translation>Verbindung zu %1 verloren (%2); neuer Versuch jetzt…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="425"/>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="426"/>
        <source>A player dropped (or the server restarted) after command %1: the game waits for both players to take their seats again.</source>
        <translation>Ein Spieler hat die Verbindung verloren (oder der Server wurde neu gestartet) nach Befehl %1: Das Spiel wartet, bis beide Spieler ihren Platz wieder einnehmen.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="431"/>
        <source>Under way</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="432"/>
        <source>Being played (commands agreed so far: %1): Watch it.</source>
        <translation>Wird gespielt (bisher vereinbarte Befehle: %1): Schauen Sie zu.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="435"/>
        <source>Open: 1 of 2 seats</source>
        <translation>Offen: 1 von 2 Plätzen</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="436"/>
        <source>Waiting for a second player: Join it.</source>
        <translation>Wartet auf einen zweiten Spieler: Treten Sie bei.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="441"/>
        <source>%1 vs %2</source>
        <comment>the two players of a game</comment>
        <translation>%1 gegen %2</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="444"/>
        <source>%1 points</source>
        <translation>%1 Punkte</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="445"/>
        <source>%1 (%2 points)</source>
        <translation>%1 (%2 Punkte)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="471"/>
        <source>One game under way or paused.</source>
        <translation>Ein Spiel läuft oder ist angehalten.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="473"/>
        <source>%1 games under way or paused.</source>
        <translation>%1 Spiele laufen oder sind angehalten.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="476"/>
        <source>This server lists only its open games: ask the players for the number of a game to watch.</source>
        <translation>Dieser Server listet nur seine offenen Spiele: Fragen Sie die Spieler nach der Nummer eines Spiels, dem Sie zuschauen wollen.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="481"/>
        <source>(Updated at %1; the server announces every change.)</source>
        <translation>(Aktualisiert um %1; der Server meldet jede Änderung.)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="519"/>
        <source>You have a seat in game %1 on the club server %2, port %3 (with %4).</source>
        <translation>Sie haben einen Platz in Spiel %1 auf dem Clubserver %2, Port %3 (mit %4).</translation>
    </message>
</context>
<context>
    <name>jw::ClubWatchWindow</name>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="646"/>
        <source>Watching Club Game %1</source>
        <translation>Clubspiel %1 zuschauen</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="668"/>
        <source>The game&apos;s table (watching: read-only)</source>
        <translation>Der Tisch des Spiels (Zuschauen: nur lesen)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="675"/>
        <source>The game&apos;s public events</source>
        <translation>Die öffentlichen Ereignisse des Spiels</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="698"/>
        <source>Watching game %1 on %2, port %3 (read-only): its table and public events, as the server sends them (it may hold back the last few commands).</source>
        <translation>Spiel %1 auf %2, Port %3 (nur lesen): sein Tisch und seine öffentlichen Ereignisse, wie der Server sie sendet (er hält vielleicht die letzten Befehle zurück).</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="711"/>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="711"/>
        <source>Command %1</source>
        <translation>Befehl %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="719"/>
        <source>This club server sends no table to spectators: its events only.</source>
        <translation>Dieser Clubserver sendet Zuschauern keinen Tisch: nur seine Ereignisse.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="725"/>
        <source>The game ended.</source>
        <translation>Das Spiel ist beendet.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="726"/>
        <source>The game ended: %1.</source>
        <translation>Das Spiel ist beendet: %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="731"/>
        <source>Not watching: %1</source>
        <translation>Kein Zuschauen möglich: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="736"/>
        <source>Watching game %1 on %2, port %3: waiting for its first events…</source>
        <translation>Spiel %1 auf %2, Port %3: Warten auf die ersten Ereignisse …</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="752"/>
        <source>The server&apos;s table cannot be shown: %1</source>
        <translation>Der Tisch des Servers kann nicht gezeigt werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="763"/>
        <source>Watching %1 vs %2 (read-only)</source>
        <comment>the two players</comment>
        <translation>Zuschauen: %1 gegen %2 (nur lesen)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="768"/>
        <source>the game is over: a draw</source>
        <translation>das Spiel ist vorbei: unentschieden</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="769"/>
        <source>the game is over: %1 wins</source>
        <translation>das Spiel ist vorbei: %1 gewinnt</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="771"/>
        <source>turn %1 of %2, %3; %4 to act</source>
        <translation>Runde %1 von %2, %3; %4 ist am Zug</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="777"/>
        <source>after the start</source>
        <translation>nach dem Beginn</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="777"/>
        <source>after command %1</source>
        <translation>nach Befehl %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="780"/>
        <source>models not yet seen (secret): %1 of %2, %3 of %4</source>
        <translation>noch nicht gesehene Modelle (geheim): %1 von %2, %3 von %4</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="786"/>
        <source>Watching Club Game %1: %2 vs %3</source>
        <translation>Clubspiel %1 zuschauen: %2 gegen %3</translation>
    </message>
</context>
<context>
    <name>jw::CollapsibleSection</name>
    <message>
        <location filename="../ui/layoututil.cpp" line="209"/>
        <source>Show this section</source>
        <translation>Diesen Abschnitt einblenden</translation>
    </message>
    <message>
        <location filename="../ui/layoututil.cpp" line="209"/>
        <source>Hide this section</source>
        <translation>Diesen Abschnitt ausblenden</translation>
    </message>
</context>
<context>
    <name>jw::CompanionCard</name>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="126"/>
        <source>States</source>
        <translation>Zustände</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="127"/>
        <source>Set or clear a state of this model (a correction)</source>
        <translation>Einen Zustand dieses Modells setzen oder aufheben (eine Korrektur)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="135"/>
        <source>Activated this turn</source>
        <translation>In dieser Runde aktiviert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="197"/>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 von %3)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="209"/>
        <source>In Reserve</source>
        <translation>In Reserve</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="212"/>
        <source>Embarked on %1</source>
        <translation>Eingeschifft auf %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="217"/>
        <source>Destroyed</source>
        <translation>Zerstört</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="220"/>
        <source>Withdrawn</source>
        <translation>Zurückgezogen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="225"/>
        <source>Activating</source>
        <translation>Wird aktiviert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="227"/>
        <source>Activated</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="229"/>
        <source>Not activated yet</source>
        <translation>Noch nicht aktiviert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="232"/>
        <source>Fire Control: %1 of %2 used</source>
        <translation>Feuerleitung: %1 von %2 verbraucht</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="234"/>
        <source>Fuel: %1 of %2</source>
        <translation>Treibstoff: %1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="238"/>
        <source>Enemy Marines aboard: %1</source>
        <translation>Feindliche Marines an Bord: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="240"/>
        <source>Escape Pods: %1</source>
        <translation>Rettungskapseln: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="242"/>
        <source>Water: %1</source>
        <translation>Wasser: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="244"/>
        <source>Intelligence Tokens: %1</source>
        <translation>Geheimdienstmarker: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="246"/>
        <source>Catastrophic Damage pending</source>
        <translation>Katastrophaler Schaden steht aus</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="249"/>
        <source>In the question</source>
        <translation>In der Frage</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="369"/>
        <source>%1, box %2 of %3 (%4)</source>
        <translation>%1, Kästchen %2 von %3 (%4)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="370"/>
        <source>%1, box %2 of %3</source>
        <translation>%1, Kästchen %2 von %3</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="371"/>
        <source>%1: %2; %3 of %4 marked</source>
        <translation>%1: %2; %3 von %4 markiert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="372"/>
        <source>marked</source>
        <translation>markiert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="372"/>
        <source>not marked</source>
        <translation>nicht markiert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="438"/>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="438"/>
        <source>Go to the next card</source>
        <translation>Zur nächsten Karte</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="439"/>
        <source>Space</source>
        <translation>Leertaste</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="439"/>
        <source>Select the card&apos;s model</source>
        <translation>Das Modell der Karte auswählen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="440"/>
        <source>Arrow keys</source>
        <translation>Pfeiltasten</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="441"/>
        <source>Physical table: go to a damage box (Left/Right along a track, Up/Down to the next track, weapon line or trait)</source>
        <translation>Echter Tisch: zu einem Schadenskästchen gehen (Links/Rechts entlang einer Leiste, Hoch/Runter zur nächsten Leiste, Waffenzeile oder Eigenschaft)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="443"/>
        <source>Home / End</source>
        <translation>Pos1 / Ende</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="443"/>
        <source>On a damage box: the first / last box of its track</source>
        <translation>Auf einem Schadenskästchen: das erste / letzte Kästchen seiner Leiste</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="444"/>
        <source>Space / Enter</source>
        <translation>Leertaste / Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="444"/>
        <source>On a damage box: mark or clear it, as a click does</source>
        <translation>Auf einem Schadenskästchen: es markieren oder löschen, wie ein Klick</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="445"/>
        <source>+ / -</source>
        <translation>+ / -</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="445"/>
        <source>On a damage box: mark one more or one fewer box of its track</source>
        <translation>Auf einem Schadenskästchen: ein Kästchen seiner Leiste mehr oder weniger markieren</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="446"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="446"/>
        <source>Leave the damage boxes</source>
        <translation>Die Schadenskästchen verlassen</translation>
    </message>
</context>
<context>
    <name>jw::CompanionScreen</name>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="72"/>
        <source>Companion</source>
        <translation>Begleiter</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="85"/>
        <source>Track a game played on a physical table</source>
        <translation>Ein Spiel auf einem echten Tisch begleiten</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="86"/>
        <source>Play with your miniatures and dice; keep this screen beside the table. It shows both fleets&apos; cards with their damage, whose turn it is and the score, offers only what the rules allow now, and asks you what only the table shows (range, arc, who is within 3&quot;). Type in the dice you roll, or let the app roll them. Every step is saved as you go and can be undone.</source>
        <translation>Spielt mit euren Miniaturen und Würfeln; dieser Bildschirm steht neben dem Tisch. Er zeigt die Karten beider Flotten mit ihrem Schaden, wer am Zug ist und den Punktestand, bietet nur an, was die Regeln gerade erlauben, und fragt, was nur der Tisch zeigt (Reichweite, Bereich, wer innerhalb von 3&quot; steht). Gebt die gewürfelten Augen ein oder lasst die App würfeln. Jeder Schritt wird sofort gespeichert und kann rückgängig gemacht werden.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="92"/>
        <source>Track a Game…</source>
        <translation>Spiel begleiten…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="95"/>
        <source>Open Tracked Game…</source>
        <translation>Begleitetes Spiel öffnen…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="107"/>
        <source>Resume It</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="110"/>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="134"/>
        <source>Correct the Score</source>
        <translation>Punktestand korrigieren</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="136"/>
        <source>Change a player&apos;s Objective Points by hand (a correction)</source>
        <translation>Die Missionspunkte eines Spielers von Hand ändern (eine Korrektur)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="150"/>
        <source>Both fleets&apos; cards</source>
        <translation>Die Karten beider Flotten</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="169"/>
        <source>What to do now</source>
        <translation>Was jetzt zu tun ist</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="197"/>
        <source>Game log</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="210"/>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="212"/>
        <source>Take back the last step (Ctrl+Z)</source>
        <translation>Den letzten Schritt zurücknehmen (Strg+Z)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="215"/>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="217"/>
        <source>Do again the step just undone (Ctrl+Shift+Z)</source>
        <translation>Den eben zurückgenommenen Schritt wiederholen (Strg+Umschalt+Z)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="284"/>
        <location filename="../ui/companion/companionscreen.cpp" line="288"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="294"/>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="310"/>
        <source>Track a Game on a &amp;Physical Table…</source>
        <translation>Spiel auf einem echten Tisch be&amp;gleiten…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="315"/>
        <source>Keep the cards, the dice and the score of a game played with miniatures</source>
        <translation>Karten, Würfel und Punktestand eines Spiels mit Miniaturen führen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="317"/>
        <source>Open Trac&amp;ked Game…</source>
        <translation>Begleitetes Spie&amp;l öffnen…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="322"/>
        <location filename="../ui/companion/companionscreen.cpp" line="496"/>
        <location filename="../ui/companion/companionscreen.cpp" line="508"/>
        <location filename="../ui/companion/companionscreen.cpp" line="515"/>
        <source>Save Tracked Game</source>
        <translation>Begleitetes Spiel speichern</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="323"/>
        <source>Save Tracked Game As…</source>
        <translation>Begleitetes Spiel speichern unter…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="324"/>
        <source>Close Tracked Game</source>
        <translation>Begleitetes Spiel schließen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="325"/>
        <source>Export Tracked Game&apos;s Log…</source>
        <translation>Protokoll des begleiteten Spiels exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="328"/>
        <location filename="../ui/companion/companionscreen.cpp" line="333"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1159"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1164"/>
        <source>Export the Game&apos;s Log</source>
        <translation>Protokoll des Spiels exportieren</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="329"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1160"/>
        <source>Markdown (*.md);;Text (*.txt);;JSON (*.json)</source>
        <translation>Markdown (*.md);;Text (*.txt);;JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="335"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1166"/>
        <source>Luck Report…</source>
        <translation>Glücksbericht…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="340"/>
        <source>Add Tracked Battle to the Campaign</source>
        <translation>Begleitete Schlacht zur Kampagne hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="346"/>
        <source>Add the finished tracked game to the open campaign, with every unit&apos;s outcome</source>
        <translation>Das beendete begleitete Spiel mit dem Ausgang jeder Einheit zur offenen Kampagne hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="369"/>
        <source>The battle is in the campaign.</source>
        <translation>Die Schlacht ist in der Kampagne.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="386"/>
        <source>No game is tracked.</source>
        <translation>Es wird kein Spiel begleitet.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="464"/>
        <location filename="../ui/companion/companionscreen.cpp" line="469"/>
        <source>Open Tracked Game</source>
        <translation>Begleitetes Spiel öffnen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="465"/>
        <location filename="../ui/companion/companionscreen.cpp" line="509"/>
        <source>Games (*.%1)</source>
        <translation>Spiele (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="479"/>
        <source>%1 is a game of the digital table: open it with Game › Open Game….</source>
        <translation>%1 ist ein Spiel des digitalen Tisches: mit Spiel › Spiel öffnen… öffnen.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="485"/>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="499"/>
        <location filename="../ui/companion/companionscreen.cpp" line="518"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="533"/>
        <source>The tracked game cannot be resumed: %1</source>
        <translation>Das begleitete Spiel kann nicht fortgesetzt werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="605"/>
        <source>%1: Objective Points +1 (to %2)</source>
        <translation>%1: Missionspunkte +1 (auf %2)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="606"/>
        <source>%1: Objective Points −1 (to %2)</source>
        <translation>%1: Missionspunkte −1 (auf %2)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="722"/>
        <source>%1&apos;s fleet · Victory Points: %2</source>
        <translation>Flotte von %1 · Siegpunkte: %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="762"/>
        <source>Player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="764"/>
        <source>%1 against %2, %3, turn %4</source>
        <translation>%1 gegen %2, %3, Runde %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="769"/>
        <source>A tracked game was saved automatically, but it cannot be read any more.</source>
        <translation>Ein begleitetes Spiel wurde automatisch gespeichert, kann aber nicht mehr gelesen werden.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="771"/>
        <source>A tracked game was saved automatically: %1.</source>
        <translation>Ein begleitetes Spiel wurde automatisch gespeichert: %1.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="781"/>
        <source>Turn %1 of %2</source>
        <translation>Runde %1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="784"/>
        <source>Initiative: %1</source>
        <translation>Initiative: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="788"/>
        <source>Victory Points: %1 %2, %3 %4</source>
        <translation>Siegpunkte: %1 %2, %3 %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="795"/>
        <source>Objective Points: %1 %2, %3 %4</source>
        <translation>Missionspunkte: %1 %2, %3 %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="805"/>
        <source>The game is over: a draw.</source>
        <translation>Das Spiel ist vorbei: ein Unentschieden.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="806"/>
        <source>The game is over: %1 wins.</source>
        <translation>Das Spiel ist vorbei: %1 gewinnt.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="808"/>
        <source>%1 decides:</source>
        <translation>%1 entscheidet:</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="811"/>
        <source>%1&apos;s activation: %2 (%3)</source>
        <translation>Aktivierung von %1: %2 (%3)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="814"/>
        <source>%1 to act</source>
        <translation>%1 ist am Zug</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="829"/>
        <source>Deploy %1</source>
        <translation>%1 aufstellen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="831"/>
        <source>Deploy %1 Embarked on %2</source>
        <translation>%1 eingeschifft auf %2 aufstellen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="833"/>
        <source>Decline to deploy for now</source>
        <translation>Vorerst auf Aufstellung verzichten</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="835"/>
        <source>No Action</source>
        <translation>Keine Aktion</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="843"/>
        <source>Attack %1 with %2</source>
        <translation>%1 mit %2 angreifen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="848"/>
        <source>Resolve %1 against %2</source>
        <translation>%1 gegen %2 abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="849"/>
        <source>Resolve %1</source>
        <translation>%1 abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="851"/>
        <source>Launch %1</source>
        <translation>%1 starten</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="853"/>
        <source>Land %1 on %2</source>
        <translation>%1 auf %2 landen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="856"/>
        <source>End %1&apos;s Activation</source>
        <translation>Aktivierung von %1 beenden</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="857"/>
        <source>End the Activation</source>
        <translation>Aktivierung beenden</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="864"/>
        <source>%1&quot; ahead</source>
        <translation>%1&quot; geradeaus</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="866"/>
        <source>turn %1° to starboard</source>
        <translation>%1° nach Steuerbord wenden</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="868"/>
        <source>turn %1° to port</source>
        <translation>%1° nach Backbord wenden</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="871"/>
        <location filename="../ui/companion/companionscreen.cpp" line="874"/>
        <source>Move %1</source>
        <translation>%1 bewegen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="872"/>
        <source>Move %1: %2</source>
        <translation>%1 bewegen: %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="875"/>
        <source>Place a Beacon marker</source>
        <translation>Einen Beacon-Marker platzieren</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="876"/>
        <source>Set up the scenario</source>
        <translation>Das Szenario aufbauen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="877"/>
        <source>Place the Comet</source>
        <translation>Den Kometen platzieren</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="890"/>
        <source>Rule: %1</source>
        <translation>Regel: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="917"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="979"/>
        <source>Inches moved for “%1”</source>
        <translation>Bewegte Zoll für „%1“</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="988"/>
        <source>The suggested answer</source>
        <translation>Die vorgeschlagene Antwort</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1005"/>
        <source>Water for %1 · %2 of %3 left:</source>
        <translation>Wasser für %1 · %2 von %3 übrig:</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1012"/>
        <source>Water units %1 carries</source>
        <translation>Wassereinheiten, die %1 trägt</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1037"/>
        <source>Which model activates?</source>
        <translation>Welches Modell wird aktiviert?</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1045"/>
        <source>%1 activates, declaring:</source>
        <translation>%1 wird aktiviert und sagt an:</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1061"/>
        <source>Attack (spends 1 Fire Control):</source>
        <translation>Angriff (verbraucht 1 Feuerleitung):</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1086"/>
        <source>Movement: %1 moved so far, at most %2 more</source>
        <translation>Bewegung: bisher %1 bewegt, höchstens %2 mehr</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/companion/companionscreen.cpp" line="1089"/>
        <source>, %n turn(s) left</source>
        <translation>
            <numerusform>, %n Wende übrig</numerusform>
            <numerusform>, %n Wenden übrig</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1092"/>
        <source>Inches moved</source>
        <translation>Bewegte Zoll</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1098"/>
        <source>Turns made</source>
        <translation>Gemachte Wenden</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1100"/>
        <source> turn(s)</source>
        <translation> Wende(n)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1105"/>
        <source>Enter the Move</source>
        <translation>Bewegung eingeben</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1119"/>
        <source>Tell the engine how far the model moved on the table</source>
        <translation>Der Regel-Engine sagen, wie weit sich das Modell auf dem Tisch bewegt hat</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1147"/>
        <source>After the game:</source>
        <translation>Nach dem Spiel:</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1149"/>
        <source>The Battle Is in the Campaign</source>
        <translation>Die Schlacht ist in der Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1150"/>
        <source>Add the Battle to the Campaign</source>
        <translation>Schlacht zur Kampagne hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1154"/>
        <source>Every unit&apos;s fate, the Victory Points and the Objective Points go into the open campaign as a battle</source>
        <translation>Das Schicksal jeder Einheit, die Siegpunkte und die Zielpunkte gehen als Schlacht in die offene Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1157"/>
        <source>Export the Log…</source>
        <translation>Protokoll exportieren…</translation>
    </message>
</context>
<context>
    <name>jw::ComputerOpponent</name>
    <message>
        <location filename="../ui/table/computeropponent.cpp" line="165"/>
        <source>The computer sees nothing to do.</source>
        <translation>Der Computer sieht nichts zu tun.</translation>
    </message>
    <message>
        <location filename="../ui/table/computeropponent.cpp" line="179"/>
        <source>The computer found no command the rules accept.</source>
        <translation>Der Computer fand keinen Befehl, den die Regeln zulassen.</translation>
    </message>
    <message>
        <location filename="../ui/table/computeropponent.cpp" line="194"/>
        <source>The computer&apos;s last 20 choices were all refused.</source>
        <translation>Die letzten 20 Entscheidungen des Computers wurden alle abgelehnt.</translation>
    </message>
</context>
<context>
    <name>jw::Data</name>
    <message>
        <location filename="../core/units/dataissue.cpp" line="16"/>
        <location filename="../core/units/dataissue.cpp" line="40"/>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../core/units/dataissue.cpp" line="17"/>
        <location filename="../core/units/dataissue.cpp" line="41"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="45"/>
        <source>%1 must be a map of keys to values</source>
        <translation>%1 muss eine Zuordnung von Schlüsseln zu Werten sein</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="54"/>
        <source>%1: keys must be plain names</source>
        <translation>%1: Schlüssel müssen einfache Namen sein</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="61"/>
        <source>a key of %1 %2</source>
        <translation>ein Schlüssel (%1) %2</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="65"/>
        <location filename="../core/campaign/campaignfile.cpp" line="193"/>
        <source>unknown key &apos;%1&apos; in %2 (allowed: %3)</source>
        <translation>unbekannter Schlüssel &apos;%1&apos; (%2; erlaubt: %3)</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="70"/>
        <source>duplicate key &apos;%1&apos; in %2</source>
        <translation>doppelter Schlüssel &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="91"/>
        <source>%1 lacks the required key &apos;%2&apos;</source>
        <translation>%1: der nötige Schlüssel &apos;%2&apos; fehlt</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="109"/>
        <source>&apos;%1&apos; must be a text</source>
        <translation>&apos;%1&apos; muss ein Text sein</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="110"/>
        <source>&apos;%1&apos; must be a non-empty text</source>
        <translation>&apos;%1&apos; muss ein nicht leerer Text sein</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="122"/>
        <location filename="../core/units/yamlreader.cpp" line="137"/>
        <location filename="../core/units/unitloader.cpp" line="54"/>
        <location filename="../core/units/unitloader.cpp" line="79"/>
        <location filename="../core/engine/command.cpp" line="89"/>
        <source>&apos;%1&apos; must be a whole number</source>
        <translation>&apos;%1&apos; muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="132"/>
        <location filename="../core/units/unitloader.cpp" line="74"/>
        <source>&apos;%1&apos; must be a whole number, not &apos;%2&apos;</source>
        <translation>&apos;%1&apos; muss eine ganze Zahl sein, nicht &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="142"/>
        <source>&apos;%1&apos; must be at least %2, not %3</source>
        <translation>&apos;%1&apos; muss mindestens %2 sein, nicht %3</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="148"/>
        <location filename="../core/campaign/battleimport.cpp" line="351"/>
        <location filename="../core/campaign/battleimport.cpp" line="482"/>
        <source>&apos;%1&apos; must be at most %2, not %3</source>
        <translation>&apos;%1&apos; darf höchstens %2 sein, nicht %3</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="177"/>
        <source>&apos;%1&apos; must be true or false</source>
        <translation>&apos;%1&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="38"/>
        <source>aliases (*name) are not accepted: write the value out in full</source>
        <translation>Aliase (*name) werden nicht angenommen: schreiben Sie den Wert vollständig aus</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="66"/>
        <source>anchors (&amp;name) are not accepted: write the value out in full</source>
        <translation>Anker (&amp;name) werden nicht angenommen: schreiben Sie den Wert vollständig aus</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="78"/>
        <source>too many values: more than %1 in one file</source>
        <translation>zu viele Werte: mehr als %1 in einer Datei</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="87"/>
        <location filename="../core/io/safeyaml.cpp" line="220"/>
        <source>nested too deeply: more than %1 levels</source>
        <translation>zu tief verschachtelt: mehr als %1 Ebenen</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="108"/>
        <source>end of map not found</source>
        <translation>Ende der Zuordnung nicht gefunden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="109"/>
        <source>end of map flow not found</source>
        <translation>Ende der Inline-Zuordnung ({...}) nicht gefunden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="110"/>
        <source>end of sequence not found</source>
        <translation>Ende der Liste nicht gefunden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="112"/>
        <source>end of sequence flow not found</source>
        <translation>Ende der Inline-Liste ([...]) nicht gefunden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="113"/>
        <source>illegal map key</source>
        <translation>unzulässiger Schlüssel</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="114"/>
        <source>illegal map value</source>
        <translation>unzulässiger Wert eines Schlüssels</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="115"/>
        <source>illegal block entry</source>
        <translation>unzulässiger Listeneintrag (&apos;-&apos;)</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="116"/>
        <source>illegal flow end</source>
        <translation>unzulässiges Ende einer Inline-Liste oder -Zuordnung</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="118"/>
        <source>illegal tab when looking for indentation</source>
        <translation>unzulässiger Tabulator in der Einrückung</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="119"/>
        <source>unknown token</source>
        <translation>unbekanntes Zeichen</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="121"/>
        <source>illegal document indicator in scalar</source>
        <translation>unzulässige Dokumentmarke in einem Wert</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="122"/>
        <source>illegal EOF in scalar</source>
        <translation>unerwartetes Dateiende in einem Wert</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="123"/>
        <source>illegal character in scalar</source>
        <translation>unzulässiges Zeichen in einem Wert</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="125"/>
        <source>invalid character in single-quoted string</source>
        <translation>ungültiges Zeichen in einer Zeichenkette in einfachen Anführungszeichen</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="127"/>
        <source>bad character found while scanning hex number</source>
        <translation>ungültiges Zeichen in einer Hexadezimalzahl</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="129"/>
        <source>cannot set zero indentation for a block scalar</source>
        <translation>ein Blockwert kann nicht die Einrückung null haben</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="131"/>
        <source>unexpected character in block scalar</source>
        <translation>unerwartetes Zeichen in einem Blockwert</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="132"/>
        <source>alias not found after *</source>
        <translation>kein Alias nach *</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="133"/>
        <source>anchor not found after &amp;</source>
        <translation>kein Anker nach &amp;</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="135"/>
        <source>illegal character found while scanning alias</source>
        <translation>unzulässiges Zeichen in einem Alias</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="137"/>
        <source>illegal character found while scanning anchor</source>
        <translation>unzulässiges Zeichen in einem Anker</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="139"/>
        <source>the referenced anchor is not defined</source>
        <translation>der genannte Anker ist nicht definiert</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="141"/>
        <source>cannot assign multiple tags to the same node</source>
        <translation>einem Knoten können nicht mehrere Tags zugewiesen werden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="143"/>
        <source>cannot assign multiple anchors to the same node</source>
        <translation>einem Knoten können nicht mehrere Anker zugewiesen werden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="145"/>
        <source>cannot assign multiple aliases to the same node</source>
        <translation>einem Knoten können nicht mehrere Aliasse zugewiesen werden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="147"/>
        <source>illegal character found while scanning tag handle</source>
        <translation>unzulässiges Zeichen im Präfix eines Tags</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="149"/>
        <source>tag handle with no suffix</source>
        <translation>Tag-Präfix ohne Suffix</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="151"/>
        <source>end of verbatim tag not found</source>
        <translation>Ende des wörtlichen Tags nicht gefunden</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="153"/>
        <source>YAML directives must have exactly one argument</source>
        <translation>YAML-Direktiven haben genau ein Argument</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="155"/>
        <source>YAML major version too large</source>
        <translation>YAML-Hauptversion zu hoch</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="157"/>
        <source>repeated YAML directive</source>
        <translation>wiederholte YAML-Direktive</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="159"/>
        <source>TAG directives must have exactly two arguments</source>
        <translation>TAG-Direktiven haben genau zwei Argumente</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="161"/>
        <source>repeated TAG directive</source>
        <translation>wiederholte TAG-Direktive</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="166"/>
        <source>unknown escape character: %1</source>
        <translation>unbekanntes Escape-Zeichen: %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="167"/>
        <source>invalid unicode: %1</source>
        <translation>ungültiges Unicode: %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="168"/>
        <source>bad YAML version: %1</source>
        <translation>ungültige YAML-Version: %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="65"/>
        <location filename="../core/units/unitlimits.cpp" line="12"/>
        <source>&apos;%1&apos; must be from %2 to %3, not %4</source>
        <translation>&apos;%1&apos; muss zwischen %2 und %3 liegen, nicht %4</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="137"/>
        <source>&apos;%1&apos; has %2 entries, at most %3</source>
        <translation>&apos;%1&apos; hat %2 Einträge, höchstens %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="160"/>
        <source>&apos;%1&apos; must be a list of boxes ([1, 2, 3]) or a number</source>
        <translation>&apos;%1&apos; muss eine Liste von Kästchen ([1, 2, 3]) oder eine Zahl sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="178"/>
        <source>&apos;%1&apos; must start at box 1, not %2</source>
        <translation>&apos;%1&apos; muss bei Kästchen 1 beginnen, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="183"/>
        <source>&apos;%1&apos; boxes must go up by 0 or 1: %2 after %3</source>
        <translation>die Kästchen von &apos;%1&apos; müssen um 0 oder 1 steigen: %2 nach %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="201"/>
        <source>&apos;traits&apos; of %1 must be a list</source>
        <translation>&apos;traits&apos; (%1) muss eine Liste sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="234"/>
        <source>&apos;trait&apos; must be a trait name</source>
        <translation>&apos;trait&apos; muss der Name einer Eigenschaft sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="247"/>
        <source>a trait must be a name or &apos;Name: X&apos;</source>
        <translation>eine Eigenschaft muss ein Name oder &apos;Name: X&apos; sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="254"/>
        <source>a trait must be a name, &apos;Name: X&apos;, or {trait: Name, ...}</source>
        <translation>eine Eigenschaft muss ein Name, &apos;Name: X&apos; oder {trait: Name, ...} sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="264"/>
        <source>unknown trait &apos;%1&apos;</source>
        <translation>unbekannte Eigenschaft &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="270"/>
        <source>&apos;%1&apos; is a model trait, not a weapon trait</source>
        <translation>&apos;%1&apos; ist eine Modelleigenschaft, keine Waffeneigenschaft</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="277"/>
        <source>&apos;%1&apos; is a weapon trait: put it on a weapon</source>
        <translation>&apos;%1&apos; ist eine Waffeneigenschaft: geben Sie sie einer Waffe</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="287"/>
        <source>&apos;%1&apos; needs a value: &apos;%1: X&apos;</source>
        <translation>&apos;%1&apos; braucht einen Wert: &apos;%1: X&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="297"/>
        <source>&apos;%1&apos; takes no value</source>
        <translation>&apos;%1&apos; hat keinen Wert</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="303"/>
        <source>&apos;%1&apos;: only a System Trait has boxes</source>
        <translation>&apos;%1&apos;: nur eine Systemeigenschaft hat Kästchen</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="333"/>
        <source>weapon</source>
        <translation>Waffe</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="354"/>
        <source>unknown weapon class &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Waffenklasse &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="365"/>
        <source>a capital ship&apos;s weapon</source>
        <translation>eine Waffe eines Großkampfschiffs</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="370"/>
        <location filename="../core/units/unitloader.cpp" line="781"/>
        <source>&apos;arcs&apos; must be F, P, S, A or T, or several joined by &apos;/&apos;</source>
        <translation>&apos;arcs&apos; muss F, P, S, A oder T sein, oder mehrere, durch &apos;/&apos; verbunden</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="374"/>
        <source>squadron weapons have no arcs</source>
        <translation>Waffen von Staffeln haben keine Feuerwinkel</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="387"/>
        <location filename="../core/units/unitloader.cpp" line="796"/>
        <source>only a Lance rolls the model&apos;s Skill</source>
        <translation>nur eine Lanze würfelt mit dem Können des Modells</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="396"/>
        <location filename="../core/units/unitlimits.cpp" line="144"/>
        <source>weapon &apos;%1&apos;</source>
        <translation>Waffe &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="426"/>
        <source>&apos;sources&apos; must be a map from a value to its source ({tv: estimate, uc: {card: v1.2.3}})</source>
        <translation>&apos;sources&apos; muss eine Zuordnung von einem Wert zu seiner Quelle sein ({tv: estimate, uc: {card: v1.2.3}})</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="434"/>
        <location filename="../core/units/unitlimits.cpp" line="83"/>
        <source>&apos;sources&apos; has %1 entries, at most %2</source>
        <translation>&apos;sources&apos; hat %1 Einträge, höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="445"/>
        <source>a &apos;sources&apos; key must be a value name (&apos;tv&apos;)</source>
        <translation>ein Schlüssel von &apos;sources&apos; muss der Name eines Werts sein (&apos;tv&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="453"/>
        <source>&apos;sources&apos; names &apos;%1&apos; twice</source>
        <translation>&apos;sources&apos; nennt &apos;%1&apos; zweimal</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="465"/>
        <source>&apos;sources&apos;: %1 has no weapon &apos;%2&apos; (it has: %3)</source>
        <translation>&apos;sources&apos;: %1 hat keine Waffe &apos;%2&apos; (vorhanden: %3)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="469"/>
        <source>&apos;sources&apos;: unknown value &apos;%1&apos; (known: default, %2, weapons.NAME)</source>
        <translation>&apos;sources&apos;: unbekannter Wert &apos;%1&apos; (bekannt: default, %2, weapons.NAME)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="484"/>
        <source>the source of &apos;%1&apos; must be %2, or {rules: &quot;where&quot;}</source>
        <translation>die Quelle von &apos;%1&apos; muss %2 sein, oder {rules: &quot;wo&quot;}</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="494"/>
        <source>the source of &apos;%1&apos; must be %2, not &apos;%3&apos;</source>
        <translation>die Quelle von &apos;%1&apos; muss %2 sein, nicht &apos;%3&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="499"/>
        <source>the source of &apos;%1&apos; must be %2</source>
        <translation>die Quelle von &apos;%1&apos; muss %2 sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="507"/>
        <source>where the &apos;%1&apos; comes from must be a text</source>
        <translation>woher &apos;%1&apos; stammt, muss ein Text sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="528"/>
        <source>%1 is not provisional, but &apos;sources&apos; makes %2 jwfleet&apos;s estimate: say &apos;provisional: true&apos;</source>
        <translation>%1 ist nicht vorläufig, aber &apos;sources&apos; macht %2 zu einer Schätzung von jwfleet: schreiben Sie &apos;provisional: true&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="535"/>
        <source>%1 is provisional, but &apos;sources&apos; gives every value a published source: say &apos;provisional: false&apos;</source>
        <translation>%1 ist vorläufig, aber &apos;sources&apos; gibt jedem Wert eine veröffentlichte Quelle: schreiben Sie &apos;provisional: false&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="543"/>
        <location filename="../core/units/unitloader.cpp" line="549"/>
        <location filename="../core/units/unitloader.cpp" line="552"/>
        <location filename="../core/campaign/campaignstore.cpp" line="163"/>
        <source>unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="559"/>
        <source>id &apos;%1&apos; must be a slug: lower-case letters, digits and &apos;-&apos;</source>
        <translation>die ID &apos;%1&apos; muss ein Kurzname sein: Kleinbuchstaben, Ziffern und &apos;-&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="579"/>
        <source>&apos;type&apos; must be capital, exo-armor or fighter</source>
        <translation>&apos;type&apos; muss capital, exo-armor oder fighter sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="597"/>
        <source>&apos;%1&apos; is for capital ships; %2 is a squadron</source>
        <translation>&apos;%1&apos; gilt für Großkampfschiffe; %2 ist eine Staffel</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="619"/>
        <source>&apos;fuel&apos; is for squadrons; %1 is a capital ship</source>
        <translation>&apos;fuel&apos; gilt für Staffeln; %1 ist ein Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="637"/>
        <source>&apos;base&apos;: a side of at most %1 inches, not %2</source>
        <translation>&apos;base&apos;: eine Seite von höchstens %1 Zoll, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="643"/>
        <source>a capital ship stands on a rectangular base (&apos;2x3&apos;)</source>
        <translation>ein Großkampfschiff steht auf einer rechteckigen Base (&apos;2x3&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="648"/>
        <source>squadrons stand on 1&quot; hex bases (&apos;hex&apos;)</source>
        <translation>Staffeln stehen auf sechseckigen 1&quot;-Bases (&apos;hex&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="652"/>
        <source>&apos;base&apos; must be &apos;W x L&apos; in inches (&apos;2x3&apos;) or &apos;hex&apos;</source>
        <translation>&apos;base&apos; muss &apos;B x L&apos; in Zoll (&apos;2x3&apos;) oder &apos;hex&apos; sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="662"/>
        <source>&apos;weapons&apos; must be a list</source>
        <translation>&apos;weapons&apos; muss eine Liste sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="677"/>
        <source>unknown rules version &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Regelversion &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="723"/>
        <source>&apos;weapons&apos; must be a map from a weapon&apos;s name to its ratings ({&quot;Kinetic Cannon&quot;: {ac: 4, as: 2}})</source>
        <translation>&apos;weapons&apos; muss eine Zuordnung vom Namen einer Waffe zu ihren Werten sein ({&quot;Kinetic Cannon&quot;: {ac: 4, as: 2}})</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="737"/>
        <source>a weapon must be named as on the unit (&apos;Kinetic Cannon&apos;)</source>
        <translation>eine Waffe muss so heißen wie auf der Einheit (&apos;Kinetic Cannon&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="749"/>
        <source>%1 has no weapons</source>
        <translation>%1 hat keine Waffen</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="751"/>
        <source>%1 has no weapon &apos;%2&apos; (it has: %3)</source>
        <translation>%1 hat keine Waffe &apos;%2&apos; (vorhanden: %3)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="757"/>
        <source>the weapon &apos;%1&apos; is named twice</source>
        <translation>die Waffe &apos;%1&apos; wird zweimal genannt</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="769"/>
        <source>the weapon &apos;%1&apos;</source>
        <translation>die Waffe &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="831"/>
        <source>a faction file</source>
        <translation>eine Fraktionsdatei</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="832"/>
        <source>the faction file</source>
        <translation>die Fraktionsdatei</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="848"/>
        <source>unknown rules version &apos;%1&apos;</source>
        <translation>unbekannte Regelversion &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="867"/>
        <source>duplicate unit id &apos;%1&apos; (first at line %2)</source>
        <translation>doppelte Einheiten-ID &apos;%1&apos; (zuerst in Zeile %2)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="902"/>
        <location filename="../core/io/safeyaml.cpp" line="200"/>
        <location filename="../core/campaign/campaignfile.cpp" line="782"/>
        <location filename="../core/campaign/campaignfile.cpp" line="842"/>
        <source>the file is too big: %1 bytes, at most %2</source>
        <translation>die Datei ist zu groß: %1 Bytes, höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="923"/>
        <source>the user data file</source>
        <translation>die Datei der eigenen Werte</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="932"/>
        <source>&apos;units&apos; must be a map from a unit id to its values ({alexander: {card: v1.2.3, tv: 85}})</source>
        <translation>&apos;units&apos; muss eine Zuordnung von einer Einheiten-ID zu ihren Werten sein ({alexander: {card: v1.2.3, tv: 85}})</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="943"/>
        <source>a unit id must be a plain name</source>
        <translation>eine Einheiten-ID muss ein einfacher Name sein</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="954"/>
        <source>unknown unit &apos;%1&apos; (did you mean &apos;%2&apos;?)</source>
        <translation>unbekannte Einheit &apos;%1&apos; (meinten Sie &apos;%2&apos;?)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="956"/>
        <source>unknown unit &apos;%1&apos;</source>
        <translation>unbekannte Einheit &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="963"/>
        <source>&apos;%1&apos; is named twice</source>
        <translation>&apos;%1&apos; wird zweimal genannt</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="982"/>
        <source>the values of %1</source>
        <translation>die Werte von %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="225"/>
        <source>not valid YAML: %1</source>
        <translation>kein gültiges YAML: %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="231"/>
        <source>cannot read the YAML: %1</source>
        <translation>das YAML kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="237"/>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="16"/>
        <source>is too long: %1 characters, at most %2</source>
        <translation>ist zu lang: %1 Zeichen, höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="26"/>
        <source>holds a control character (U+%1) at character %2</source>
        <translation>enthält ein Steuerzeichen (U+%1) an Zeichen %2</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="31"/>
        <source>holds a character that reorders text (U+%1) at character %2</source>
        <translation>enthält ein Zeichen, das Text umordnet (U+%1), an Zeichen %2</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="40"/>
        <location filename="../core/io/textcheck.cpp" line="44"/>
        <source>is not valid text at character %1</source>
        <translation>ist an Zeichen %1 kein gültiger Text</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="107"/>
        <location filename="../core/fleet/fleetfile.cpp" line="47"/>
        <location filename="../core/campaign/battleimport.cpp" line="407"/>
        <location filename="../core/units/unitlimits.cpp" line="79"/>
        <source>&apos;%1&apos; %2</source>
        <translation>&apos;%1&apos; %2</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="68"/>
        <source>&apos;upgrades&apos; must be a list of upgrade ids</source>
        <translation>&apos;upgrades&apos; muss eine Liste von Verbesserungs-IDs sein</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="72"/>
        <source>&apos;upgrades&apos; lists %1 upgrades, at most %2</source>
        <translation>&apos;upgrades&apos; nennt %1 Verbesserungen, höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="79"/>
        <source>an upgrade must be an upgrade id (ace-pilot)</source>
        <translation>eine Verbesserung muss eine Verbesserungs-ID sein (ace-pilot)</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="85"/>
        <source>the upgrade id %1</source>
        <translation>die Verbesserungs-ID %1</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="160"/>
        <source>a fleet file</source>
        <translation>eine Flottendatei</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="171"/>
        <source>&apos;schema_version&apos; must be at least 1, not %1</source>
        <translation>&apos;schema_version&apos; muss mindestens 1 sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="704"/>
        <location filename="../core/fleet/fleetfile.cpp" line="176"/>
        <source>schema_version %1 is newer than this program reads (%2): update jwfleet</source>
        <translation>schema_version %1 ist neuer, als dieses Programm lesen kann (%2): aktualisieren Sie jwfleet</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="188"/>
        <source>&apos;points&apos; must be at most %1, not %2</source>
        <translation>&apos;points&apos; darf höchstens %1 sein, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="857"/>
        <location filename="../core/fleet/fleetfile.cpp" line="199"/>
        <source>&apos;units&apos; must be a list of units</source>
        <translation>&apos;units&apos; muss eine Liste von Einheiten sein</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="203"/>
        <source>&apos;units&apos; lists %1 units, at most %2</source>
        <translation>&apos;units&apos; nennt %1 Einheiten, höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="691"/>
        <location filename="../core/campaign/campaignfile.cpp" line="176"/>
        <location filename="../core/engine/gamefile.cpp" line="964"/>
        <location filename="../core/engine/gamefile.cpp" line="1068"/>
        <location filename="../core/engine/gamefile.cpp" line="1171"/>
        <location filename="../core/engine/gamefile.cpp" line="1185"/>
        <location filename="../core/engine/maskedview.cpp" line="75"/>
        <location filename="../core/net/netsession.cpp" line="90"/>
        <location filename="../core/net/maskedresume.cpp" line="37"/>
        <location filename="../core/net/netlobby.cpp" line="289"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="202"/>
        <location filename="../core/campaign/campaignfile.cpp" line="214"/>
        <source>must be a map</source>
        <translation>muss eine Zuordnung (Map) sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="213"/>
        <location filename="../core/campaign/campaignfile.cpp" line="242"/>
        <location filename="../core/campaign/campaignfile.cpp" line="295"/>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="229"/>
        <source>missing (an empty list is [])</source>
        <translation>fehlt (eine leere Liste ist [])</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="230"/>
        <source>must be a list</source>
        <translation>muss eine Liste sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="250"/>
        <location filename="../core/campaign/campaignfile.cpp" line="370"/>
        <source>must be text</source>
        <translation>muss Text sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="264"/>
        <source>must not be empty</source>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="288"/>
        <location filename="../core/campaign/campaignstore.cpp" line="198"/>
        <source>must be from %1 to %2, not %3</source>
        <translation>muss zwischen %1 und %2 liegen, nicht %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="296"/>
        <source>must be a whole number</source>
        <translation>muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="322"/>
        <source>must be true or false</source>
        <translation>muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="336"/>
        <source>must be a date as YYYY-MM-DD, not &apos;%1&apos;</source>
        <translation>muss ein Datum im Format JJJJ-MM-TT sein, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="348"/>
        <source>must be a map of rating to number</source>
        <translation>muss eine Zuordnung von Wert zu Zahl sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="356"/>
        <source>%1: unknown rating (%2)</source>
        <translation>%1: unbekannter Wert (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="383"/>
        <source>a fleet</source>
        <translation>eine Flotte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="396"/>
        <source>a fleet&apos;s unit</source>
        <translation>eine Einheit einer Flotte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="433"/>
        <source>not a jwfleet campaign file (format: jwfleet-campaign)</source>
        <translation>keine jwfleet-Kampagnendatei (format: jwfleet-campaign)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="442"/>
        <source>%1 is newer than this program reads (%2): update jwfleet</source>
        <translation>%1 ist neuer, als dieses Programm lesen kann (%2): aktualisieren Sie jwfleet</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="451"/>
        <source>a campaign file</source>
        <translation>eine Kampagnendatei</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="476"/>
        <source>a player</source>
        <translation>ein Spieler</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="492"/>
        <source>a roster entry</source>
        <translation>ein Eintrag der Stammliste</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="511"/>
        <source>active or destroyed, not &apos;%1&apos;</source>
        <translation>active oder destroyed, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="528"/>
        <source>a battle</source>
        <translation>eine Schlacht</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="540"/>
        <source>%1, not &apos;%2&apos;</source>
        <translation>%1, nicht &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="551"/>
        <source>a battle has two sides</source>
        <translation>eine Schlacht hat zwei Seiten</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="558"/>
        <source>a battle&apos;s side</source>
        <translation>eine Seite einer Schlacht</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="578"/>
        <source>a unit&apos;s outcome</source>
        <translation>das Ergebnis einer Einheit</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="591"/>
        <source>unknown fate &apos;%1&apos;</source>
        <translation>unbekanntes Schicksal &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="598"/>
        <source>side %1&apos;s fleet has %2 units (from 0)</source>
        <translation>die Flotte von Seite %1 hat %2 Einheiten (ab 0 gezählt)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="613"/>
        <source>a repair</source>
        <translation>eine Reparatur</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="625"/>
        <source>none, roll or cost, not &apos;%1&apos;</source>
        <translation>none, roll oder cost, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="633"/>
        <source>a die shows 1 to 6</source>
        <translation>ein Würfel zeigt 1 bis 6</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="796"/>
        <location filename="../core/net/protocol.cpp" line="196"/>
        <source>not valid JSON: %1</source>
        <translation>kein gültiges JSON: %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="799"/>
        <source>not a campaign file (a JSON object)</source>
        <translation>keine Kampagnendatei (ein JSON-Objekt)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="815"/>
        <source>not a campaign file (a map)</source>
        <translation>keine Kampagnendatei (eine Zuordnung)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="891"/>
        <location filename="../core/campaign/campaignfile.cpp" line="835"/>
        <location filename="../core/campaign/battleimport.cpp" line="593"/>
        <source>cannot read: %1</source>
        <translation>kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="96"/>
        <source>the game is not finished (turn %1, %2 phase): only a finished game is a battle; enter an unfinished one as a battle report</source>
        <translation>die Partie ist nicht beendet (Runde %1, Phase %2): nur eine beendete Partie ist eine Schlacht; tragen Sie eine unbeendete als Schlachtbericht ein</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="220"/>
        <source>a forfeit&apos;s winner is player 0 or 1</source>
        <translation>der Sieger einer Aufgabe ist Spieler 0 oder 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="252"/>
        <source>cannot read the game: %1</source>
        <translation>die Partie kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="295"/>
        <source>a battle report</source>
        <translation>ein Schlachtbericht</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="306"/>
        <source>&apos;date&apos; must be a date as YYYY-MM-DD, not &apos;%1&apos;</source>
        <translation>&apos;date&apos; muss ein Datum im Format JJJJ-MM-TT sein, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="316"/>
        <source>unknown scenario &apos;%1&apos; (%2)</source>
        <translation>unbekanntes Szenario &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="322"/>
        <source>&apos;notes&apos; %1</source>
        <translation>&apos;notes&apos; %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="332"/>
        <source>&apos;sides&apos; must be a list of the two sides</source>
        <translation>&apos;sides&apos; muss eine Liste der beiden Seiten sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="343"/>
        <source>&apos;player&apos; %1</source>
        <translation>&apos;player&apos; %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="361"/>
        <source>the fleet file cannot be read:
%1</source>
        <translation>die Flottendatei kann nicht gelesen werden:
%1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="373"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1247"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1663"/>
        <source>no player named &apos;%1&apos; in this campaign</source>
        <translation>kein Spieler namens &apos;%1&apos; in dieser Kampagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="389"/>
        <source>&apos;units&apos; must be a list of unit outcomes</source>
        <translation>&apos;units&apos; muss eine Liste von Ergebnissen der Einheiten sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="417"/>
        <source>entry %1: %2&apos;s fleet has %3 units (from 0)</source>
        <translation>Eintrag %1: die Flotte von %2 hat %3 Einheiten (ab 0 gezählt)</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="437"/>
        <source>%1&apos;s fleet has no %2 left to match</source>
        <translation>die Flotte von %1 hat keine %2 mehr, die passt</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="441"/>
        <source>unit named &apos;%1&apos;</source>
        <translation>Einheit namens &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="553"/>
        <location filename="../core/campaign/battleimport.cpp" line="444"/>
        <source>unit &apos;%1&apos;</source>
        <translation>Einheit &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="449"/>
        <source>%1 names no unit: give &apos;entry&apos;, &apos;name&apos; or &apos;unit&apos;</source>
        <translation>%1 nennt keine Einheit: geben Sie &apos;entry&apos;, &apos;name&apos; oder &apos;unit&apos; an</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="459"/>
        <source>entry %1 of %2&apos;s fleet is listed twice</source>
        <translation>Eintrag %1 der Flotte von %2 steht zweimal in der Liste</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="493"/>
        <source>&apos;kills&apos; must be at most %1, not %2</source>
        <translation>&apos;kills&apos; darf höchstens %1 sein, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="504"/>
        <source>unknown fate &apos;%1&apos; (%2)</source>
        <translation>unbekanntes Schicksal &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="544"/>
        <source>&apos;winner&apos; is one of the two players or draw, not &apos;%1&apos;</source>
        <translation>&apos;winner&apos; ist einer der beiden Spieler oder draw, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="550"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1260"/>
        <source>a battle is between two different players</source>
        <translation>eine Schlacht wird zwischen zwei verschiedenen Spielern ausgetragen</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="562"/>
        <source>unit &apos;%1&apos; (side %2, entry %3) is not in the unit database</source>
        <translation>Einheit &apos;%1&apos; (Seite %2, Eintrag %3) ist nicht in der Einheitendatenbank</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="107"/>
        <source>the dice must be a list of faces 1 to 6</source>
        <translation>die Würfel müssen eine Liste von Augen 1 bis 6 sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="114"/>
        <source>die %1 shows %2: a die shows 1 to 6</source>
        <translation>Würfel %1 zeigt %2: ein Würfel zeigt 1 bis 6</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="139"/>
        <source>an exchange must be an object</source>
        <translation>ein Austausch muss ein Objekt sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="148"/>
        <location filename="../core/engine/gamefile.cpp" line="199"/>
        <location filename="../core/engine/gamefile.cpp" line="227"/>
        <location filename="../core/engine/gamefile.cpp" line="290"/>
        <location filename="../core/engine/gamefile.cpp" line="344"/>
        <location filename="../core/engine/gamefile.cpp" line="388"/>
        <source>unknown field &apos;%1&apos;</source>
        <translation>unbekanntes Feld &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="155"/>
        <source>&apos;command&apos; must be -1 or a command&apos;s index, &apos;committer&apos; 0 or 1</source>
        <translation>&apos;command&apos; muss -1 oder die Nummer eines Befehls sein, &apos;committer&apos; 0 oder 1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="168"/>
        <source>&apos;%1&apos; must be %2 lower-case hex digits</source>
        <translation>&apos;%1&apos; muss aus %2 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="206"/>
        <source>an object whose &apos;command&apos; is a command&apos;s index</source>
        <translation>ein Objekt, dessen &apos;command&apos; die Nummer eines Befehls ist</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="213"/>
        <source>&apos;hash&apos; and &apos;nonce&apos; must be 64 lower-case hex digits</source>
        <translation>&apos;hash&apos; und &apos;nonce&apos; müssen aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="233"/>
        <source>an object of three lists: commitments, reveals, sealed_embarks</source>
        <translation>ein Objekt aus drei Listen: commitments, reveals, sealed_embarks</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="242"/>
        <source>a commitment must be 64 lower-case hex digits</source>
        <translation>eine Festlegung muss aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="254"/>
        <source>a reveal is {command, model, nonce}: two whole numbers and 64 lower-case hex digits</source>
        <translation>eine Aufdeckung ist {command, model, nonce}: zwei ganze Zahlen und 64 kleingeschriebene Hexziffern</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="271"/>
        <source>a sealed Embark is {command, hash[, nonce]}: a whole number and 64 lower-case hex digits</source>
        <translation>ein versiegeltes Einschiffen ist {command, hash[, nonce]}: eine ganze Zahl und 64 kleingeschriebene Hexziffern</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="296"/>
        <source>an object of &apos;player&apos; (0 or 1) and two lists, nonces and seals</source>
        <translation>ein Objekt aus &apos;player&apos; (0 oder 1) und zwei Listen, nonces und seals</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="306"/>
        <source>a nonce must be 64 lower-case hex digits</source>
        <translation>eine Nonce muss aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="322"/>
        <source>a seal is {command, nonce, play}: a whole number, 64 lower-case hex digits and a command</source>
        <translation>ein Siegel ist {command, nonce, play}: eine ganze Zahl, 64 kleingeschriebene Hexziffern und ein Befehl</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="353"/>
        <source>&apos;command&apos; (an index), &apos;committer&apos; (0 or 1), &apos;commit&apos; (64 hex digits) and &apos;play&apos; (a command) are needed</source>
        <translation>&apos;command&apos; (eine Nummer), &apos;committer&apos; (0 oder 1), &apos;commit&apos; (64 Hexziffern) und &apos;play&apos; (ein Befehl) werden benötigt</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="365"/>
        <source>play: %1</source>
        <translation>play: %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="372"/>
        <source>&apos;nonce&apos; and &apos;responder_nonce&apos; must be 64 lower-case hex digits</source>
        <translation>&apos;nonce&apos; und &apos;responder_nonce&apos; müssen aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="395"/>
        <source>&apos;command&apos; (an index), &apos;sealer&apos; (0 or 1) and &apos;hash&apos; (64 hex digits) are needed</source>
        <translation>&apos;command&apos; (eine Nummer), &apos;sealer&apos; (0 oder 1) und &apos;hash&apos; (64 Hexziffern) werden benötigt</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="406"/>
        <source>&apos;nonce&apos; (64 hex digits) and &apos;choice&apos; come together</source>
        <translation>&apos;nonce&apos; (64 Hexziffern) und &apos;choice&apos; gehören zusammen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="413"/>
        <source>choice: %1</source>
        <translation>choice: %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="418"/>
        <source>the choice is not the one its hash fixed</source>
        <translation>die Entscheidung ist nicht die, die ihr Hash festgelegt hat</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="434"/>
        <source>network: unknown field &apos;%1&apos;</source>
        <translation>network: unbekanntes Feld &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="442"/>
        <source>network: &apos;local_player&apos; (0 or 1) and &apos;role&apos; (host or join) are needed</source>
        <translation>network: &apos;local_player&apos; (0 oder 1) und &apos;role&apos; (host oder join) sind nötig</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="452"/>
        <source>network: &apos;port&apos; must be a whole number from 1 to 65535</source>
        <translation>network: &apos;port&apos; muss eine ganze Zahl von 1 bis 65535 sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="467"/>
        <source>network: &apos;address&apos; (the host&apos;s, for a joiner only) must be a host name or an address of at most 255 characters, without spaces</source>
        <translation>network: &apos;address&apos; (die des Gastgebers, nur für den Beitretenden) muss ein Hostname oder eine Adresse von höchstens 255 Zeichen ohne Leerzeichen sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="816"/>
        <source>%1: cannot read the game: %2</source>
        <translation>%1: die Partie kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="828"/>
        <source>%1: the file is too big: %2 bytes, at most %3</source>
        <translation>%1: die Datei ist zu groß: %2 Bytes, höchstens %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="840"/>
        <source>%1:%2:%3: not valid JSON: %4</source>
        <translation>%1:%2:%3: kein gültiges JSON: %4</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="847"/>
        <source>%1: not a jwfleet game file (a JSON object)</source>
        <translation>%1: keine jwfleet-Partiedatei (ein JSON-Objekt)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="854"/>
        <source>%1: not a jwfleet game file</source>
        <translation>%1: keine jwfleet-Partiedatei</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="860"/>
        <source>%1: schema_version %2 is newer than this program reads (%3)</source>
        <translation>%1: schema_version %2 ist neuer, als dieses Programm lesen kann (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="877"/>
        <source>%1: bad scenario</source>
        <translation>%1: fehlerhaftes Szenario</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="880"/>
        <source>%1 (scenario)</source>
        <translation>%1 (Szenario)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="891"/>
        <source>%1: setup: &apos;initiative&apos; must be 0, 1 or random</source>
        <translation>%1: setup: &apos;initiative&apos; muss 0, 1 oder random sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="905"/>
        <source>%1: setup: &apos;table&apos; must be digital or physical</source>
        <translation>%1: setup: &apos;table&apos; muss digital oder physical sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="916"/>
        <source>%1: setup: &apos;typed_dice&apos; must be true or false</source>
        <translation>%1: setup: &apos;typed_dice&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="927"/>
        <source>%1: a game has two players</source>
        <translation>%1: eine Partie hat zwei Spieler</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="942"/>
        <source>%1: player %2: a name %3</source>
        <translation>%1: Spieler %2: ein Name %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="951"/>
        <source>%1: player %2: &apos;computer&apos; must be random, greedy, careful or expert</source>
        <translation>%1: Spieler %2: &apos;computer&apos; muss random, greedy, careful oder expert sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="974"/>
        <source>%1: the file lacks the unit card of &apos;%2&apos;</source>
        <translation>%1: der Datei fehlt die Einheitenkarte von &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="982"/>
        <source>%1: terrain: %2</source>
        <translation>%1: Gelände: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1001"/>
        <source>%1: command %2: %3</source>
        <translation>%1: Befehl %2: %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1009"/>
        <source>%1: command %2 (%3): &apos;player&apos; must be 0 or 1</source>
        <translation>%1: Befehl %2 (%3): &apos;player&apos; muss 0 oder 1 sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1013"/>
        <source>command %1 (%2)</source>
        <translation>Befehl %1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1024"/>
        <source>is not text</source>
        <translation>ist kein Text</translation>
    </message>
    <message>
        <location filename="../core/units/dataissue.cpp" line="45"/>
        <location filename="../core/engine/gamefile.cpp" line="1017"/>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1027"/>
        <source>%1: %2: the reason %3</source>
        <translation>%1: %2: die Begründung %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1041"/>
        <source>%1: setup: %2</source>
        <translation>%1: setup: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1048"/>
        <location filename="../core/engine/gamefile.cpp" line="1062"/>
        <source>%1: start_dice: %2</source>
        <translation>%1: start_dice: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1074"/>
        <source>%1: replaying the commands does not give the saved state: the rules changed since the game was saved</source>
        <translation>%1: das erneute Ausführen der Befehle ergibt nicht den gespeicherten Stand: die Regeln haben sich seit dem Speichern der Partie geändert</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1084"/>
        <source>%1: dice_exchanges must be a list</source>
        <translation>%1: dice_exchanges muss eine Liste sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1095"/>
        <source>%1: dice exchange %2: %3</source>
        <translation>%1: Würfelaustausch %2: %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1107"/>
        <source>%1: sealed_choices must be a list</source>
        <translation>%1: sealed_choices muss eine Liste sein</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1118"/>
        <source>%1: sealed choice %2: %3</source>
        <translation>%1: versiegelte Wahl %2: %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1130"/>
        <source>%1: masked: %2</source>
        <translation>%1: masked: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1141"/>
        <source>%1: masked_secrets: %2</source>
        <translation>%1: masked_secrets: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1152"/>
        <source>%1: sealed_pending: %2</source>
        <translation>%1: sealed_pending: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1162"/>
        <source>%1: dice_pending: %2</source>
        <translation>%1: dice_pending: %2</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="111"/>
        <source>%1: a list of at most %2 reveals {model, nonce, entry}: a model number, 64 lower-case hex digits and {entry: {unit, name, upgrades}, unit: {...}}</source>
        <translation>%1: eine Liste von höchstens %2 Aufdeckungen {model, nonce, entry}: eine Modellnummer, 64 hexadezimale Kleinbuchstaben-Ziffern und {entry: {unit, name, upgrades}, unit: {...}}</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="147"/>
        <source>%1: a list of at most %2 sealed commands {command, nonce, play}: a command number, 64 lower-case hex digits and a command</source>
        <translation>%1: eine Liste von höchstens %2 versiegelten Befehlen {command, nonce, play}: eine Befehlsnummer, 64 hexadezimale Kleinbuchstaben-Ziffern und ein Befehl</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="191"/>
        <source>message of %1 bytes: at most %2</source>
        <translation>Nachricht mit %1 Bytes: höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="199"/>
        <source>a message is a JSON object</source>
        <translation>eine Nachricht ist ein JSON-Objekt</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="204"/>
        <source>a message needs a &apos;type&apos; (text)</source>
        <translation>eine Nachricht braucht einen &apos;type&apos; (Text)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="210"/>
        <source>unknown message type &apos;%1&apos;</source>
        <translation>unbekannter Nachrichtentyp &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="222"/>
        <location filename="../core/net/protocol.cpp" line="612"/>
        <source>%1: unknown field &apos;%2&apos;</source>
        <translation>%1: unbekanntes Feld &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="228"/>
        <source>%1: the field &apos;%2&apos; is missing</source>
        <translation>%1: das Feld &apos;%2&apos; fehlt</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="244"/>
        <source>%1: &apos;features&apos; must be a list of at most %2 names</source>
        <translation>%1: &apos;features&apos; muss eine Liste von höchstens %2 Namen sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="255"/>
        <source>%1: a feature is a name of lower-case letters, digits and &apos;-&apos;, once</source>
        <translation>%1: eine Fähigkeit ist ein Name aus Kleinbuchstaben, Ziffern und &apos;-&apos;, jeder nur einmal</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="297"/>
        <source>hello: &apos;protocol&apos; must be a whole number</source>
        <translation>hello: &apos;protocol&apos; muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="300"/>
        <source>hello: protocol version %1; this program speaks %2</source>
        <translation>hello: Protokollversion %1; dieses Programm spricht %2</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="306"/>
        <source>hello: &apos;setup&apos; must be 64 lower-case hex digits</source>
        <translation>hello: &apos;setup&apos; muss aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="311"/>
        <source>hello: &apos;side&apos; must be 0 or 1</source>
        <translation>hello: &apos;side&apos; muss 0 oder 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="317"/>
        <source>choice-commit: &apos;seq&apos; must be a whole number from 1</source>
        <translation>choice-commit: &apos;seq&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="321"/>
        <source>choice-commit: &apos;hash&apos; must be 64 lower-case hex digits</source>
        <translation>choice-commit: &apos;hash&apos; muss aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="328"/>
        <source>choice-reveal: &apos;seq&apos; must be a whole number from 1</source>
        <translation>choice-reveal: &apos;seq&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="332"/>
        <source>choice-reveal: &apos;nonce&apos; must be 64 lower-case hex digits</source>
        <translation>choice-reveal: &apos;nonce&apos; muss aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="338"/>
        <source>choice-reveal: &apos;command&apos; must be an object</source>
        <translation>choice-reveal: &apos;command&apos; muss ein Objekt sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="342"/>
        <source>choice-reveal: %1</source>
        <translation>choice-reveal: %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="349"/>
        <source>command: &apos;seq&apos; must be a whole number from 1</source>
        <translation>command: &apos;seq&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="353"/>
        <source>command: &apos;command&apos; must be an object</source>
        <translation>command: &apos;command&apos; muss ein Objekt sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="357"/>
        <source>command: %1</source>
        <translation>command: %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="373"/>
        <source>command: &apos;sealed&apos; must be 64 lower-case hex digits</source>
        <translation>command: &apos;sealed&apos; muss aus 64 hexadezimalen Kleinbuchstaben-Ziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="382"/>
        <source>commitments: &apos;hashes&apos; must be a list of at most %1 hashes of 64 lower-case hex digits</source>
        <translation>commitments: &apos;hashes&apos; muss eine Liste von höchstens %1 Hashes aus je 64 hexadezimalen Kleinbuchstaben-Ziffern sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="398"/>
        <source>reveal: &apos;seq&apos; must be a whole number from 1</source>
        <translation>reveal: &apos;seq&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="413"/>
        <source>%1: &apos;seq&apos; must be a whole number from 0</source>
        <translation>%1: &apos;seq&apos; muss eine ganze Zahl ab 0 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="418"/>
        <source>%1: &apos;%2&apos; must be 64 lower-case hex digits</source>
        <translation>%1: &apos;%2&apos; muss aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="429"/>
        <source>%1: &apos;text&apos; must be text</source>
        <translation>%1: &apos;text&apos; muss Text sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="433"/>
        <source>%1: the text %2</source>
        <translation>%1: der Text %2</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="439"/>
        <source>error: &apos;why&apos; must be a sentence: {key, args}</source>
        <translation>error: &apos;why&apos; muss ein Satz sein: {key, args}</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="442"/>
        <source>error: &apos;why&apos; is not the sentence of &apos;text&apos;</source>
        <translation>error: &apos;why&apos; ist nicht der Satz von &apos;text&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="450"/>
        <source>join: &apos;name&apos; must be text</source>
        <translation>join: &apos;name&apos; muss Text sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="453"/>
        <source>join: the name %1</source>
        <translation>join: der Name %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="457"/>
        <source>join: &apos;fleet&apos; must be text (a fleet file)</source>
        <translation>join: &apos;fleet&apos; muss Text sein (eine Flottendatei)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="281"/>
        <source>join: &apos;commitments&apos; must be a list of 1 to %1 hashes of 64 lower-case hex digits, with the feature &apos;%2&apos;</source>
        <translation>join: &apos;commitments&apos; muss eine Liste von 1 bis %1 Hashes aus 64 hexadezimalen Kleinbuchstaben-Ziffern sein, mit dem Merkmal &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="286"/>
        <source>%1: &apos;commitments&apos; must be a list of 1 to %2 hashes of 64 lower-case hex digits, with the feature &apos;%3&apos;</source>
        <translation>%1: &apos;commitments&apos; muss eine Liste von 1 bis %2 Hashes aus 64 hexadezimalen Kleinbuchstaben-Ziffern sein, mit dem Merkmal &apos;%3&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="471"/>
        <source>%1: &apos;game&apos; must be an object (a saved game)</source>
        <translation>%1: &apos;game&apos; muss ein Objekt sein (ein gespeichertes Spiel)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="479"/>
        <source>%1: &apos;offer&apos; is true when sent</source>
        <translation>%1: &apos;offer&apos; ist true, wenn es gesendet wird</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="488"/>
        <source>club-created: &apos;id&apos; must be a whole number from 1</source>
        <translation>club-created: &apos;id&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="496"/>
        <source>club-list: &apos;paused&apos; must be true or false</source>
        <translation>club-list: &apos;paused&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="502"/>
        <source>club-list: &apos;all&apos; must be true or false</source>
        <translation>club-list: &apos;all&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="508"/>
        <source>club-list: &apos;watch&apos; must be true or false</source>
        <translation>club-list: &apos;watch&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="516"/>
        <source>club-watch: &apos;id&apos; must be a whole number from 1</source>
        <translation>club-watch: &apos;id&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="521"/>
        <source>club-watch: &apos;board&apos; must be true or false</source>
        <translation>club-watch: &apos;board&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="529"/>
        <source>club-board: &apos;seq&apos; must be a whole number from 0</source>
        <translation>club-board: &apos;seq&apos; muss eine ganze Zahl ab 0 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="533"/>
        <source>club-board: &apos;board&apos; must be an object</source>
        <translation>club-board: &apos;board&apos; muss ein Objekt sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="540"/>
        <source>club-event: &apos;seq&apos; must be a whole number from 0</source>
        <translation>club-event: &apos;seq&apos; muss eine ganze Zahl ab 0 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="544"/>
        <source>club-event: &apos;kind&apos; must be a name</source>
        <translation>club-event: &apos;kind&apos; muss ein Name sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="548"/>
        <source>club-event: &apos;text&apos; must be text</source>
        <translation>club-event: &apos;text&apos; muss Text sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="552"/>
        <source>club-event: the text %1</source>
        <translation>club-event: der Text %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="556"/>
        <source>club-event: &apos;player&apos; must be -1, 0 or 1</source>
        <translation>club-event: &apos;player&apos; muss -1, 0 oder 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="567"/>
        <location filename="../core/net/protocol.cpp" line="618"/>
        <source>%1: &apos;id&apos; must be a whole number from 1</source>
        <translation>%1: &apos;id&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="572"/>
        <source>%1: &apos;side&apos; must be 0 or 1</source>
        <translation>%1: &apos;side&apos; muss 0 oder 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="577"/>
        <source>%1: &apos;token&apos; must be 64 lower-case hex digits</source>
        <translation>%1: &apos;token&apos; muss aus 64 kleingeschriebenen Hexziffern bestehen</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="586"/>
        <source>club-games: &apos;watch&apos; must be true or false</source>
        <translation>club-games: &apos;watch&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="592"/>
        <source>club-games: &apos;games&apos; must be a list</source>
        <translation>club-games: &apos;games&apos; muss eine Liste sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="596"/>
        <source>club-games: at most %1 games</source>
        <translation>club-games: höchstens %1 Spiele</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="598"/>
        <source>club-games: game %1</source>
        <translation>club-games: Spiel %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="602"/>
        <source>%1 must be an object</source>
        <translation>%1 muss ein Objekt sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="624"/>
        <source>%1: &apos;%2&apos; must be a name (at most %3 characters)</source>
        <translation>%1: &apos;%2&apos; muss ein Name sein (höchstens %3 Zeichen)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="635"/>
        <source>%1: &apos;paused&apos; must be true or false</source>
        <translation>%1: &apos;paused&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="642"/>
        <source>%1: &apos;commands&apos; must be a whole number from 0</source>
        <translation>%1: &apos;commands&apos; muss eine ganze Zahl ab 0 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="651"/>
        <source>%1: &apos;opponent&apos; must be a name (at most %2 characters)</source>
        <translation>%1: &apos;opponent&apos; muss ein Name sein (höchstens %2 Zeichen)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="660"/>
        <source>%1: &apos;playing&apos; must be true or false</source>
        <translation>%1: &apos;playing&apos; muss true oder false sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="668"/>
        <source>%1: &apos;turn&apos; must be a whole number from 0</source>
        <translation>%1: &apos;turn&apos; muss eine ganze Zahl ab 0 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="677"/>
        <source>%1: &apos;spectators&apos; must be a whole number from 0</source>
        <translation>%1: &apos;spectators&apos; muss eine ganze Zahl ab 0 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="686"/>
        <source>%1: &apos;fleets&apos; must be a list of at most two fleets</source>
        <translation>%1: &apos;fleets&apos; muss eine Liste von höchstens zwei Flotten sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="699"/>
        <source>%1: a fleet is {name, points}: a name (at most %2 characters) and a whole number</source>
        <translation>%1: eine Flotte ist {name, points}: ein Name (höchstens %2 Zeichen) und eine ganze Zahl</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="714"/>
        <source>club-join: &apos;id&apos; must be a whole number from 1</source>
        <translation>club-join: &apos;id&apos; muss eine ganze Zahl ab 1 sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="719"/>
        <source>club-join: &apos;name&apos; must be text</source>
        <translation>club-join: &apos;name&apos; muss Text sein</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="723"/>
        <source>club-join: the name %1</source>
        <translation>club-join: der Name %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="727"/>
        <source>club-join: &apos;fleet&apos; must be text (a fleet file)</source>
        <translation>club-join: &apos;fleet&apos; muss Text sein (eine Flottendatei)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="1136"/>
        <source>cannot read the message: %1</source>
        <translation>die Nachricht kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="1139"/>
        <source>cannot read the message</source>
        <translation>die Nachricht kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="1168"/>
        <location filename="../core/net/lobbyconnection.cpp" line="114"/>
        <location filename="../core/net/netlobby.cpp" line="260"/>
        <source>a message of %1 bytes: at most %2</source>
        <translation>eine Nachricht mit %1 Bytes: höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="108"/>
        <source>command %1 out of turn: player %2 is to act</source>
        <translation>Befehl %1 außer der Reihe: Spieler %2 ist am Zug</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="114"/>
        <source>command %1: the next command is %2</source>
        <translation>Befehl %1: der nächste Befehl ist %2</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1412"/>
        <location filename="../core/net/netsession.cpp" line="121"/>
        <location filename="../core/net/netsession.cpp" line="1138"/>
        <source>command %1 (%2) refused: %3</source>
        <translation>Befehl %1 (%2) abgelehnt: %3</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="162"/>
        <location filename="../core/net/netsession.cpp" line="1489"/>
        <source>the game cannot start: %1</source>
        <translation>das Spiel kann nicht beginnen: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="199"/>
        <location filename="../core/net/maskedresume.cpp" line="122"/>
        <location filename="../core/net/maskedresume.cpp" line="241"/>
        <location filename="../core/net/maskedresume.cpp" line="405"/>
        <source>the saved game has no start exchange: not a network game</source>
        <translation>das gespeicherte Spiel hat keinen Start-Austausch: kein Netzwerkspiel</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="208"/>
        <source>the saved game&apos;s start does not replay</source>
        <translation>der Start des gespeicherten Spiels lässt sich nicht nachspielen</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="281"/>
        <source>the peer reconnected</source>
        <translation>die Gegenseite ist wieder verbunden</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="322"/>
        <source>cannot connect to the peer: %1</source>
        <translation>keine Verbindung zur Gegenseite möglich: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="410"/>
        <source>hidden models are masked in this game: each program holds the other side&apos;s models In Reserve or Embarked only as commitments, revealed when the rules make them public</source>
        <translation>verdeckte Modelle sind in diesem Spiel maskiert: jedes Programm kennt die Modelle der Gegenseite in Reserve oder eingeschifft nur als Festlegungen, die aufgedeckt werden, wenn die Regeln sie öffentlich machen</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="416"/>
        <source>hidden models are not masked in this game: both programs hold the whole v1.2.4 state (which models are In Reserve or Embarked, and their unit cards); each shows its player only what the rules let them see</source>
        <translation>verdeckte Modelle sind in diesem Spiel nicht maskiert: beide Programme kennen den ganzen Zustand von v1.2.4 (welche Modelle in Reserve oder eingeschifft sind, und ihre Einheitenkarten); jedes zeigt seinem Spieler nur, was die Regeln ihn sehen lassen</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="425"/>
        <source>but the lobby sent the fleets in clear: both programs have both fleets&apos; cards</source>
        <translation>aber die Lobby hat die Flotten im Klartext gesendet: beide Programme haben die Karten beider Flotten</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="436"/>
        <source>in a masked game a secret choice (the Boarded firefight) is sent in clear</source>
        <translation>in einem maskierten Spiel wird eine geheime Wahl (das Feuergefecht beim Entern) offen gesendet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="443"/>
        <source>secret choices are sealed: each is sent as a commitment and revealed after the other&apos;s answer</source>
        <translation>geheime Entscheidungen werden versiegelt: jede wird als Festlegung gesendet und nach der Antwort des anderen aufgedeckt</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="455"/>
        <location filename="../core/net/netsession.cpp" line="781"/>
        <source>the peer&apos;s program does not seal secret choices: a secret choice (the Boarded firefight) is sent in clear in this game</source>
        <translation>das Programm der Gegenseite versiegelt keine geheimen Entscheidungen: eine geheime Entscheidung (das Feuergefecht nach dem Entern) wird in diesem Spiel offen gesendet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="467"/>
        <source>connected to %1</source>
        <translation>verbunden mit %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="506"/>
        <source>refused a message of the peer: %1</source>
        <translation>eine Nachricht der Gegenseite abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="543"/>
        <source>the game ended</source>
        <translation>das Spiel wurde beendet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="561"/>
        <source>hello</source>
        <translation>die Begrüßung (hello)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="564"/>
        <source>dice commitment</source>
        <translation>die Würfel-Festlegung</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="567"/>
        <source>dice nonce</source>
        <translation>die Würfel-Nonce</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="570"/>
        <source>dice reveal</source>
        <translation>die Würfel-Aufdeckung</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="572"/>
        <source>command</source>
        <translation>der Befehl</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="574"/>
        <source>state hash</source>
        <translation>der Zustands-Hash</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="576"/>
        <source>resume</source>
        <translation>die Fortsetzung</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="578"/>
        <source>answer</source>
        <translation>die Antwort</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="580"/>
        <source>sealed choice&apos;s reveal</source>
        <translation>die Aufdeckung der versiegelten Entscheidung</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="582"/>
        <source>hidden models&apos; commitments</source>
        <translation>die Festlegung der verdeckten Modelle</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="584"/>
        <source>hidden models&apos; reveals</source>
        <translation>die Aufdeckung der verdeckten Modelle</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="588"/>
        <location filename="../core/net/netsession.cpp" line="591"/>
        <source>connection</source>
        <translation>die Verbindung</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="593"/>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="596"/>
        <source>the peer stopped answering: no %1 within %2 ms</source>
        <translation>die Gegenseite antwortet nicht mehr: %1 kam nicht innerhalb von %2 ms</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="615"/>
        <source>the connection to the peer was lost after command %1: the game is paused (both saved games hold it up to the last agreed command)</source>
        <translation>die Verbindung zur Gegenseite ist nach Befehl %1 abgebrochen: das Spiel ist unterbrochen (beide gespeicherten Spiele enthalten es bis zum letzten vereinbarten Befehl)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="651"/>
        <source>it is not our turn</source>
        <translation>wir sind nicht am Zug</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="678"/>
        <source>command %1 sealed: our secret choice is revealed after the other player&apos;s answer</source>
        <translation>Befehl %1 versiegelt: unsere geheime Entscheidung wird nach der Antwort des anderen Spielers aufgedeckt</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="763"/>
        <source>the peer ended the game</source>
        <translation>die Gegenseite hat das Spiel beendet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="764"/>
        <source>the peer ended the game: %1</source>
        <translation>die Gegenseite hat das Spiel beendet: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="790"/>
        <source>the peer refused our message: %1</source>
        <translation>die Gegenseite hat unsere Nachricht abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="801"/>
        <source>unexpected %1 (seq %2) now</source>
        <translation>unerwartetes %1 (seq %2) zu diesem Zeitpunkt</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="811"/>
        <source>both peers play side %1</source>
        <translation>beide Seiten spielen Seite %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="813"/>
        <source>the peer plays side %1 too: one side each</source>
        <translation>die Gegenseite spielt ebenfalls Seite %1: jeder spielt eine Seite</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="826"/>
        <source>not the same game</source>
        <translation>nicht dasselbe Spiel</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="828"/>
        <source>the peer&apos;s game is not ours: the setups (fleets, scenario, rules) differ</source>
        <translation>das Spiel der Gegenseite ist nicht unseres: die Aufstellungen (Flotten, Szenario, Regeln) unterscheiden sich</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="832"/>
        <source>the peer plays side %1</source>
        <translation>die Gegenseite spielt Seite %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="841"/>
        <location filename="../core/net/netsession.cpp" line="1264"/>
        <source>a masked game resumes only masked</source>
        <translation>ein maskiertes Spiel wird nur maskiert fortgesetzt</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="843"/>
        <location filename="../core/net/netsession.cpp" line="1266"/>
        <source>cannot resume: this game is masked (v1.2.4 hidden models), and the peer&apos;s program does not mask hidden models now</source>
        <translation>Fortsetzung nicht möglich: dieses Spiel ist maskiert (verdeckte Modelle von v1.2.4), und das Programm der Gegenseite maskiert verdeckte Modelle jetzt nicht</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1841"/>
        <location filename="../core/net/maskedresume.cpp" line="170"/>
        <source>another state</source>
        <translation>ein anderer Zustand</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1261"/>
        <location filename="../core/net/netsession.cpp" line="889"/>
        <source>commitments: %1 hashes for %2 models</source>
        <translation>commitments: %1 Hashes für %2 Modelle</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="892"/>
        <source>commitments: the peer committed to %1 models, its fleet has %2; the game stops</source>
        <translation>commitments: die Gegenseite hat sich auf %1 Modelle festgelegt, ihre Flotte hat %2; das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1836"/>
        <source>the sealed secret choice is refused by the masked game: %1; the game stops</source>
        <translation>die versiegelte geheime Entscheidung wird vom maskierten Spiel abgelehnt: %1; das Spiel wird angehalten</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="878"/>
        <location filename="../core/net/netsession.cpp" line="921"/>
        <location filename="../core/net/netsession.cpp" line="934"/>
        <source>no game to resume</source>
        <translation>kein Spiel zum Fortsetzen</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="880"/>
        <location filename="../core/net/netsession.cpp" line="923"/>
        <location filename="../core/net/netsession.cpp" line="936"/>
        <source>the peer resumes a game this side does not have</source>
        <translation>die Gegenseite setzt ein Spiel fort, das diese Seite nicht hat</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="965"/>
        <source>choice-commit %1: not the choice committed before the drop</source>
        <translation>choice-commit %1: nicht die Entscheidung, auf die vor dem Verbindungsabbruch festgelegt wurde</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="740"/>
        <source>command %1: not the command whose dice were rolled before the drop</source>
        <translation>Befehl %1: nicht der Befehl, dessen Würfel vor dem Verbindungsabbruch geworfen wurden</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="855"/>
        <source>a game of a masked lobby is played only masked</source>
        <translation>ein Spiel aus einer maskierten Lobby wird nur maskiert gespielt</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="857"/>
        <source>the lobby agreed on a masked game (commitments, not cards), and the peer&apos;s program does not mask hidden models: the game stops</source>
        <translation>die Lobby hat ein maskiertes Spiel vereinbart (Festlegungen, keine Karten), und das Programm der Gegenseite maskiert verdeckte Modelle nicht: das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="906"/>
        <source>commitments: not the ones of the lobby</source>
        <translation>commitments: nicht die aus der Lobby</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="908"/>
        <source>commitments: the peer commits to other models than in the lobby; the game stops</source>
        <translation>commitments: die Gegenseite legt sich auf andere Modelle fest als in der Lobby; das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1078"/>
        <source>dice-commit %1: not the dice committed to before the drop</source>
        <translation>dice-commit %1: nicht die Würfel, auf die vor dem Verbindungsabbruch festgelegt wurde</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1187"/>
        <source>desync after command %1</source>
        <translation>Desynchronisation nach Befehl %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1221"/>
        <source>a masked game (v1.2.4 hidden models) resumes only where hidden models are masked (jwfleet-cli net-host and net-join)</source>
        <translation>ein maskiertes Spiel (verdeckte Modelle von v1.2.4) kann nur dort fortgesetzt werden, wo verdeckte Modelle maskiert werden (jwfleet-cli net-host und net-join)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1277"/>
        <source>desync at command %1</source>
        <translation>Desynchronisation bei Befehl %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1361"/>
        <source>cannot reveal the dice of command %1</source>
        <translation>die Würfel von Befehl %1 können nicht aufgedeckt werden</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1392"/>
        <source>cannot reveal sealed choice %1</source>
        <translation>die versiegelte Entscheidung %1 kann nicht aufgedeckt werden</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1617"/>
        <location filename="../core/net/netsession.cpp" line="1659"/>
        <location filename="../core/net/netsession.cpp" line="1699"/>
        <source>command %1: every hidden model of ours is revealed with it (%2)</source>
        <translation>Befehl %1: alle unsere verdeckten Modelle werden mit ihm aufgedeckt (%2)</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1894"/>
        <location filename="../core/net/netsession.cpp" line="1635"/>
        <location filename="../core/net/netsession.cpp" line="1638"/>
        <source>reveal %1: %2</source>
        <translation>Aufdeckung %1: %2</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1645"/>
        <source>command %1 refused by the masked game: %2; the game stops</source>
        <translation>Befehl %1 vom maskierten Spiel abgelehnt: %2; das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1741"/>
        <source>%1: the peer&apos;s hidden model is refused; the game stops</source>
        <translation>%1: das verdeckte Modell der Gegenseite wird abgelehnt; das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="131"/>
        <source>the masked game does not replay with the cards revealed: %1; the game stops</source>
        <translation>das maskierte Spiel lässt sich mit den aufgedeckten Karten nicht wiederholen: %1; das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1787"/>
        <location filename="../core/net/netsession.cpp" line="1791"/>
        <source>the fleets revealed at the end are not the agreed ones; the game stops</source>
        <translation>die am Ende aufgedeckten Flotten sind nicht die vereinbarten; das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1800"/>
        <source>the masked game does not end as the whole game replayed from the agreed setup (%1); the game stops</source>
        <translation>das maskierte Spiel endet nicht wie das ganze, aus dem vereinbarten Aufbau wiederholte Spiel (%1); das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1766"/>
        <source>the masked game is over: every model revealed, the whole game replayed and the same</source>
        <translation>das maskierte Spiel ist vorbei: jedes Modell aufgedeckt, das ganze Spiel wiederholt und gleich</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="598"/>
        <source>a spectator only watches</source>
        <translation>ein Zuschauer sieht nur zu</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="604"/>
        <source>this connection watches the lobby: only club-list or bye, not %1</source>
        <translation>diese Verbindung beobachtet die Lobby: nur club-list oder bye, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="831"/>
        <source>the created game</source>
        <translation>das angelegte Spiel</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="836"/>
        <source>club-create: the game has commands already: not a new game</source>
        <translation>club-create: die Partie hat bereits Befehle: keine neue Partie</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="841"/>
        <source>club-create: a game of a physical table (dice typed in) cannot be played on a club server</source>
        <translation>club-create: eine Partie am echten Tisch (eingegebene Würfel) kann nicht auf einem Clubserver gespielt werden</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="856"/>
        <source>club-create: a masked game&apos;s fleet must be %1 stand-ins (one a commitment) and nothing else of its models; it has %2 entries</source>
        <translation>club-create: die Flotte eines maskierten Spiels muss aus %1 Platzhaltern bestehen (je einer pro Festlegung) und nichts weiter über ihre Modelle sagen; sie hat %2 Einträge</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="893"/>
        <source>club-join: no open game %1</source>
        <translation>club-join: kein offenes Spiel %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="896"/>
        <location filename="../core/net/netlobby.cpp" line="208"/>
        <location filename="../core/net/netlobby.cpp" line="449"/>
        <source>the joiner&apos;s fleet</source>
        <translation>die Flotte des Beitretenden</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="907"/>
        <source>club-join: game %1 is masked (its creator&apos;s fleet came as commitments): only a program that masks hidden models can join it</source>
        <translation>club-join: Spiel %1 ist maskiert (die Flotte seines Erstellers kam als Festlegungen): nur ein Programm, das verborgene Modelle maskiert, kann ihm beitreten</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="920"/>
        <source>club-join: a masked join&apos;s fleet must be %1 stand-ins (one a commitment) and nothing else of its models; it has %2 entries</source>
        <translation>club-join: die Flotte eines maskierten Beitritts muss aus %1 Platzhaltern bestehen (je einer pro Festlegung) und nichts weiter über ihre Modelle sagen; sie hat %2 Einträge</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="940"/>
        <source>club-join: the club&apos;s units have no &apos;%1&apos;</source>
        <translation>club-join: die Einheiten des Clubs enthalten kein &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="955"/>
        <source>club-join: %1</source>
        <translation>club-join: %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1011"/>
        <source>club-watch: no game %1 under way</source>
        <translation>club-watch: keine laufende Partie %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1083"/>
        <source>club-rejoin: game %1 is not waiting for its players</source>
        <translation>club-rejoin: Partie %1 wartet nicht auf ihre Spieler</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1091"/>
        <source>club-rejoin: not the token of seat %1 of game %2</source>
        <translation>club-rejoin: nicht das Zeichen von Platz %1 der Partie %2</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1097"/>
        <source>club-rejoin: player %1 of game %2 is here already</source>
        <translation>club-rejoin: Spieler %1 der Partie %2 ist bereits da</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1117"/>
        <source>this club server expects club-list, club-create or club-join first, not %1</source>
        <translation>dieser Clubserver erwartet zuerst club-list, club-create oder club-join, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1147"/>
        <source>game %1 has no second player yet: unexpected %2</source>
        <translation>Partie %1 hat noch keinen zweiten Spieler: unerwartetes %2</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1156"/>
        <location filename="../core/net/clubserver.cpp" line="1889"/>
        <source>unexpected %1 (seq %2) from player %3 now</source>
        <translation>unerwartetes %1 (seq %2) von Spieler %3 zu diesem Zeitpunkt</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1168"/>
        <source>hello: this connection plays side %1, not %2</source>
        <translation>hello: diese Verbindung spielt Seite %1, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1172"/>
        <source>hello: not this game&apos;s setup</source>
        <translation>hello: nicht der Aufbau dieser Partie</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1296"/>
        <location filename="../core/net/netsession.cpp" line="948"/>
        <source>dice-reveal 0: the nonce does not match its commitment</source>
        <translation>dice-reveal 0: die Nonce passt nicht zu ihrer Festlegung</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1319"/>
        <location filename="../core/net/netsession.cpp" line="958"/>
        <source>choice-commit %1: secret choices are not sealed in this game</source>
        <translation>choice-commit %1: geheime Entscheidungen werden in diesem Spiel nicht versiegelt</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1327"/>
        <source>choice-commit %1: not the choice committed before the pause</source>
        <translation>choice-commit %1: nicht die vor der Unterbrechung festgelegte Entscheidung</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1334"/>
        <source>choice-commit %1: the question asked now is not a secret choice the other player answers next</source>
        <translation>choice-commit %1: die jetzt gestellte Frage ist keine geheime Entscheidung, auf die der andere Spieler als Nächstes antwortet</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1359"/>
        <source>command %1: a sealed choice was committed: it is committed again and revealed, not sent in clear</source>
        <translation>command %1: eine versiegelte Entscheidung wurde festgelegt: sie wird erneut festgelegt und aufgedeckt, nicht offen gesendet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="970"/>
        <source>choice-commit %1: the peer commits to another secret choice than the one it committed to before the connection dropped; the game stops</source>
        <translation>choice-commit %1: die Gegenseite legt sich auf eine andere geheime Entscheidung fest als vor dem Verbindungsabbruch; das Spiel wird angehalten</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="980"/>
        <source>choice-commit %1: the question asked now is not a secret choice answered next by this side</source>
        <translation>choice-commit %1: die jetzt gestellte Frage ist keine geheime Entscheidung, die diese Seite als Nächstes beantwortet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="987"/>
        <source>command %1 is the peer&apos;s sealed secret choice: our answer comes next</source>
        <translation>Befehl %1 ist die versiegelte geheime Entscheidung der Gegenseite: als Nächstes kommt unsere Antwort</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="998"/>
        <source>command %1: reveals or a sealed command in a game that is not masked</source>
        <translation>Befehl %1: Aufdeckungen oder ein versiegelter Befehl in einem Spiel, das nicht maskiert ist</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="338"/>
        <source>reveal of model %1: no hidden model of the other player has this number</source>
        <translation>Aufdeckung von Modell %1: kein verdecktes Modell des anderen Spielers hat diese Nummer</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="344"/>
        <source>reveal of model %1: the model is known already</source>
        <translation>Aufdeckung von Modell %1: das Modell ist bereits bekannt</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="347"/>
        <source>reveal of model %1: the entry does not match its commitment: refused</source>
        <translation>Aufdeckung von Modell %1: der Eintrag passt nicht zu seiner Festlegung: abgelehnt</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="357"/>
        <source>reveal of model %1: the unit card cannot be read (%2)</source>
        <translation>Aufdeckung von Modell %1: die Einheitenkarte kann nicht gelesen werden (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="363"/>
        <source>reveal of model %1: a stand-in is not a unit card</source>
        <translation>Aufdeckung von Modell %1: ein Platzhalter ist keine Einheitenkarte</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="398"/>
        <source>reveal of sealed command %1: no command of this number is sealed</source>
        <translation>Aufdeckung des versiegelten Befehls %1: kein Befehl mit dieser Nummer ist versiegelt</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="403"/>
        <source>reveal of sealed command %1: the command does not match its commitment: refused</source>
        <translation>Aufdeckung des versiegelten Befehls %1: der Befehl passt nicht zu seiner Festlegung: abgelehnt</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="410"/>
        <source>reveal of sealed command %1: not the Embark of the model it sealed</source>
        <translation>Aufdeckung des versiegelten Befehls %1: nicht das Einschiffen des Modells, das er versiegelt hat</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="468"/>
        <location filename="../core/net/clubserver.cpp" line="1843"/>
        <location filename="../core/net/netsession.cpp" line="1010"/>
        <source>command %1: %2</source>
        <translation>Befehl %1: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="471"/>
        <source>command %1: %2 dice left over: the game is not the owner&apos;s</source>
        <translation>Befehl %1: %2 Würfel übrig: das Spiel ist nicht das des Besitzers</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="598"/>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="614"/>
        <source>the viewer&apos;s %1 would differ</source>
        <translation>beim Betrachter würde %1 abweichen</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="459"/>
        <location filename="../core/net/clubserver.cpp" line="1853"/>
        <location filename="../core/net/netsession.cpp" line="1023"/>
        <source>command %1: a commitment with a command that is not a sealed Embark</source>
        <translation>Befehl %1: eine Festlegung zu einem Befehl, der kein versiegeltes Einschiffen ist</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1053"/>
        <source>command %1: the peer&apos;s secret choice was committed before the connection dropped: it is committed again and revealed, not sent in clear</source>
        <translation>Befehl %1: die geheime Entscheidung der Gegenseite wurde vor dem Verbindungsabbruch festgelegt: sie wird erneut festgelegt und aufgedeckt, nicht offen gesendet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="745"/>
        <source>command %1: the peer plays another command than the one whose dice were being rolled when the connection dropped (it had seen them); the game stops</source>
        <translation>Befehl %1: die Gegenseite spielt einen anderen Befehl als den, dessen Würfel geworfen wurden, als die Verbindung abbrach (sie hatte sie gesehen); das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1084"/>
        <source>dice-commit %1: the peer commits to other dice than the ones it committed to before the connection dropped (it had seen them); the game stops</source>
        <translation>dice-commit %1: die Gegenseite legt sich auf andere Würfel fest als vor dem Verbindungsabbruch (sie hatte sie gesehen); das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1393"/>
        <location filename="../core/net/netsession.cpp" line="1116"/>
        <source>dice-reveal %1: the nonce does not match its commitment</source>
        <translation>dice-reveal %1: die Nonce passt nicht zu ihrer Festlegung</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1133"/>
        <source>command %1 out of turn</source>
        <translation>Befehl %1 außer der Reihe</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1426"/>
        <location filename="../core/net/netsession.cpp" line="1156"/>
        <source>choice-reveal %1: the revealed choice does not match its commitment</source>
        <translation>choice-reveal %1: die aufgedeckte Entscheidung passt nicht zu ihrer Festlegung</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1434"/>
        <location filename="../core/net/netsession.cpp" line="1165"/>
        <source>choice-reveal %1: a sealed choice rolls no dice</source>
        <translation>choice-reveal %1: eine versiegelte Entscheidung würfelt nicht</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1173"/>
        <source>%1: the peer&apos;s sealed secret choice is refused; the game stops</source>
        <translation>%1: die versiegelte geheime Entscheidung der Gegenseite wird abgelehnt; das Spiel wird angehalten</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1190"/>
        <source>desync after command %1: the peer&apos;s state (hash %2) is not ours (hash %3); the game stops</source>
        <translation>Desynchronisation nach Befehl %1: der Zustand der Gegenseite (Hash %2) ist nicht unserer (Hash %3); das Spiel wird angehalten</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1244"/>
        <location filename="../core/net/maskedresume.cpp" line="385"/>
        <source>the saved game is not this game (another setup)</source>
        <translation>das gespeicherte Spiel ist nicht dieses Spiel (andere Aufstellung)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1273"/>
        <source>resuming after command %1 (the peer had %2)</source>
        <translation>Fortsetzung nach Befehl %1 (die Gegenseite hatte %2)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1279"/>
        <source>cannot resume: after command %1 the peer&apos;s state is not ours (desync)</source>
        <translation>Fortsetzung nicht möglich: nach Befehl %1 ist der Zustand der Gegenseite nicht unserer (Desynchronisation)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1291"/>
        <location filename="../core/net/netsession.cpp" line="1310"/>
        <source>cannot resume: %1</source>
        <translation>Fortsetzung nicht möglich: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1294"/>
        <source>back to command %1, the last agreed (command %2 was not)</source>
        <translation>zurück zu Befehl %1, dem letzten vereinbarten (Befehl %2 war es nicht)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1299"/>
        <source>resuming after command %1</source>
        <translation>Fortsetzung nach Befehl %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1363"/>
        <source>cannot resume: the dice of command %1 were committed to, and this saved game lacks the nonce to reveal them</source>
        <translation>Fortsetzen nicht möglich: auf die Würfel von Befehl %1 wurde sich festgelegt, und diesem gespeicherten Spiel fehlt die Nonce, um sie aufzudecken</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1376"/>
        <source>command %1: its dice were being rolled when the connection dropped; committed to the same dice again</source>
        <translation>Befehl %1: seine Würfel wurden geworfen, als die Verbindung abbrach; erneut auf dieselben Würfel festgelegt</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1397"/>
        <source>cannot resume: command %1 is our sealed secret choice, and it cannot be revealed here (%2)</source>
        <translation>Fortsetzung nicht möglich: Befehl %1 ist unsere versiegelte geheime Entscheidung, und sie kann hier nicht aufgedeckt werden (%2)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1402"/>
        <source>this saved game lacks it</source>
        <translation>diesem gespeicherten Spiel fehlt sie</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1403"/>
        <source>the peer does not seal choices now</source>
        <translation>die Gegenseite versiegelt jetzt keine Entscheidungen</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1410"/>
        <source>command %1: our sealed secret choice committed again</source>
        <translation>Befehl %1: unsere versiegelte geheime Entscheidung erneut festgelegt</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1428"/>
        <source>the sealed secret choice is refused: %1: %2; the game stops</source>
        <translation>die versiegelte geheime Entscheidung wird abgelehnt: %1: %2; das Spiel wird angehalten</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1450"/>
        <source>the answer to a sealed choice is refused: %1; the game stops</source>
        <translation>die Antwort auf eine versiegelte Entscheidung wird abgelehnt: %1; das Spiel wird angehalten</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1530"/>
        <source>command refused: %1: %2</source>
        <translation>Befehl abgelehnt: %1: %2</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1547"/>
        <source>after command %1 the masked game is not its record (a fault of this program); the game stops</source>
        <translation>nach Befehl %1 entspricht das maskierte Spiel nicht seiner Aufzeichnung (ein Fehler dieses Programms); das Spiel endet</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1567"/>
        <source>the game is over</source>
        <translation>das Spiel ist vorbei</translation>
    </message>
    <message>
        <location filename="../core/net/lobbyconnection.cpp" line="28"/>
        <source>cannot connect to %1: %2</source>
        <translation>Verbindung fehlgeschlagen (%1): %2</translation>
    </message>
    <message>
        <location filename="../core/net/lobbyconnection.cpp" line="33"/>
        <source>%1 closed the connection</source>
        <translation>%1 hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <location filename="../core/net/lobbyconnection.cpp" line="94"/>
        <location filename="../core/net/lobbyconnection.cpp" line="100"/>
        <source>%1&apos;s answer: %2</source>
        <translation>Antwort (%1): %2</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="25"/>
        <source>the joiner said nothing within %1 ms</source>
        <translation>der beitretende Spieler hat innerhalb von %1 ms nichts gesendet</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="28"/>
        <source>the host did not answer within %1 ms</source>
        <translation>der Gastgeber hat nicht innerhalb von %1 ms geantwortet</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="50"/>
        <source>cannot listen on port %1: %2</source>
        <translation>Port %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="115"/>
        <source>cannot connect to the host: %1</source>
        <translation>keine Verbindung zum Gastgeber: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="194"/>
        <source>this host expects a join (a player&apos;s name and fleet) first, not %1</source>
        <translation>dieser Gastgeber erwartet zuerst ein join (Name und Flotte eines Spielers), nicht %1</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="217"/>
        <location filename="../core/net/netlobby.cpp" line="468"/>
        <source>the host refused the fleet</source>
        <translation>der Gastgeber hat die Flotte abgelehnt</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="308"/>
        <source>the host</source>
        <translation>der Gastgeber</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="394"/>
        <source>this side&apos;s fleet uses the unit &apos;%1&apos;, which the unit database does not have</source>
        <translation>die Flotte dieser Seite verwendet die Einheit &apos;%1&apos;, die die Einheitendatenbank nicht hat</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="443"/>
        <location filename="../core/net/netlobby.cpp" line="475"/>
        <source>this game is not masked: join with the fleet in clear</source>
        <translation>dieses Spiel ist nicht maskiert: treten Sie mit der Flotte im Klartext bei</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="457"/>
        <source>a masked join: the fleet must be %1 stand-ins (one a commitment) and nothing else of its models; it has %2 entries</source>
        <translation>ein maskierter Beitritt: die Flotte muss aus %1 Platzhaltern bestehen (je einer pro Festlegung) und nichts weiter über ihre Modelle sagen; sie hat %2 Einträge</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="496"/>
        <source>the host&apos;s game is not a masked game of this side&apos;s fleet as it was offered (its models as stand-ins)</source>
        <translation>das Spiel des Gastgebers ist kein maskiertes Spiel mit der Flotte dieser Seite, wie sie angeboten wurde (ihre Modelle als Platzhalter)</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="528"/>
        <source>the host refused: %1</source>
        <translation>der Gastgeber hat abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="532"/>
        <source>the host answered %1, not the game</source>
        <translation>der Gastgeber hat mit %1 geantwortet, nicht mit dem Spiel</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="535"/>
        <source>the host&apos;s game</source>
        <translation>das Spiel des Gastgebers</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="540"/>
        <source>the host&apos;s game has commands already: not a new game</source>
        <translation>das Spiel des Gastgebers hat schon Befehle: kein neues Spiel</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="22"/>
        <source>no open game on the server within %1 ms</source>
        <translation>kein offenes Spiel auf dem Server innerhalb von %1 ms</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="25"/>
        <source>the server did not answer within %1 ms</source>
        <translation>der Server hat nicht innerhalb von %1 ms geantwortet</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="161"/>
        <source>the club server</source>
        <translation>der Clubserver</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="270"/>
        <source>the club server stopped: %1</source>
        <translation>der Club-Server wurde beendet: %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="272"/>
        <source>the club server refused: %1</source>
        <translation>der Clubserver hat abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="284"/>
        <source>the club server answered club-created unasked</source>
        <translation>der Clubserver hat ungefragt mit club-created geantwortet</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="306"/>
        <source>the club server answered club-games unasked</source>
        <translation>der Clubserver hat ungefragt mit club-games geantwortet</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="310"/>
        <source>the club server sent a seat unasked</source>
        <translation>der Clubserver hat ungefragt einen Platz gesendet</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="317"/>
        <source>the club server sent a game unasked</source>
        <translation>der Clubserver hat ungefragt ein Spiel gesendet</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="319"/>
        <source>the club server&apos;s game</source>
        <translation>das Spiel des Clubservers</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="324"/>
        <source>the club server&apos;s game has commands already</source>
        <translation>das Spiel des Clubservers hat schon Befehle</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="337"/>
        <source>the club server&apos;s game is not a masked game of this side&apos;s fleet as it was offered (its models as stand-ins)</source>
        <translation>das Spiel des Clubservers ist kein maskiertes Spiel mit der Flotte dieser Seite, wie sie angeboten wurde (ihre Modelle als Platzhalter)</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="351"/>
        <source>the club server answered %1</source>
        <translation>der Clubserver hat mit %1 geantwortet</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="81"/>
        <source>player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="82"/>
        <source>the player</source>
        <translation>der Spieler</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="83"/>
        <source>player &apos;%1&apos;</source>
        <translation>Spieler &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="98"/>
        <source>saved again</source>
        <translation>erneut gespeichert</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="118"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1615"/>
        <source>name &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>Name &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="121"/>
        <source>faction &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>Fraktion &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="124"/>
        <source>fleet name &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>Flottenname &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="127"/>
        <source>roster %1 → %2 units</source>
        <translation>Kader %1 → %2 Einheiten</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="131"/>
        <source>roster entries changed (damage, battles or units)</source>
        <translation>Kadereinträge geändert (Schaden, Schlachten oder Einheiten)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="133"/>
        <source>%1 was changed by someone else since it was read (revision %2, now %3): %4</source>
        <translation>%1 wurde seit dem Lesen von jemand anderem geändert (Revision %2, jetzt %3): %4</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="161"/>
        <source>fleet name</source>
        <translation>Flottenname</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="162"/>
        <source>rules profile</source>
        <translation>Regelprofil</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="164"/>
        <source>victory points of side 1</source>
        <translation>Siegpunkte von Seite 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="165"/>
        <source>victory points of side 2</source>
        <translation>Siegpunkte von Seite 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="166"/>
        <source>objective points of side 1</source>
        <translation>Missionspunkte von Seite 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="167"/>
        <source>objective points of side 2</source>
        <translation>Missionspunkte von Seite 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="168"/>
        <source>fleet of side 1</source>
        <translation>Flotte von Seite 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="169"/>
        <source>fleet of side 2</source>
        <translation>Flotte von Seite 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="170"/>
        <source>player of side 1</source>
        <translation>Spieler von Seite 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="171"/>
        <source>player of side 2</source>
        <translation>Spieler von Seite 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="172"/>
        <source>objective point cost</source>
        <translation>Missionspunkt-Kosten</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="183"/>
        <source>is empty</source>
        <translation>ist leer</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="207"/>
        <source>is not a date (YYYY-MM-DD)</source>
        <translation>ist kein Datum (JJJJ-MM-TT)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="217"/>
        <source>names an unknown rating &apos;%1&apos; (%2)</source>
        <translation>nennt einen unbekannten Wert &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="239"/>
        <source>fleet name %1</source>
        <translation>Flottenname %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="244"/>
        <source>unit name %1</source>
        <translation>Einheitenname %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="248"/>
        <source>upgrade %1</source>
        <translation>Upgrade %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="295"/>
        <source>is the player of side 1 too: a battle is between two different players</source>
        <translation>ist auch der Spieler von Seite 1: eine Schlacht findet zwischen zwei verschiedenen Spielern statt</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="323"/>
        <source>must be side 0, side 1 or -1 (a draw), not %1</source>
        <translation>muss Seite 0, Seite 1 oder -1 (Unentschieden) sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="333"/>
        <source>must be %1, not &apos;%2&apos;</source>
        <translation>muss %1 sein, nicht &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="383"/>
        <source>holds %1: a die shows 1 to 6</source>
        <translation>enthält %1: ein Würfel zeigt 1 bis 6</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="394"/>
        <source>%1: %2 %3</source>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="424"/>
        <source>%1: table %2, row %3, column %4: %5 (the row was not written by jwfleet or was changed by hand; fix or remove it with an SQL client, nothing was changed)</source>
        <translation>%1: Tabelle %2, Zeile %3, Spalte %4: %5 (die Zeile wurde nicht von jwfleet geschrieben oder von Hand geändert; korrigiere oder entferne sie mit einem SQL-Client, nichts wurde geändert)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="446"/>
        <location filename="../core/campaign/campaignstore.cpp" line="478"/>
        <source>is NULL</source>
        <translation>ist NULL</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="451"/>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation>&apos;%1&apos; ist keine ganze Zahl</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="455"/>
        <source>%1 is not from %2 to %3</source>
        <translation>%1 liegt nicht zwischen %2 und %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="487"/>
        <source>&apos;%1&apos; is not a date (YYYY-MM-DD)</source>
        <translation>&apos;%1&apos; ist kein Datum (JJJJ-MM-TT)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="497"/>
        <source>is not JSON (%1)</source>
        <translation>ist kein JSON (%1)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="501"/>
        <source>is not a JSON list</source>
        <translation>ist keine JSON-Liste</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="502"/>
        <source>is not a JSON object</source>
        <translation>ist kein JSON-Objekt</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="514"/>
        <source>%1 is not a number of boxes from 0 to %2</source>
        <translation>%1 ist keine Anzahl Kästchen von 0 bis %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="527"/>
        <source>holds something other than text</source>
        <translation>enthält etwas anderes als Text</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="540"/>
        <source>&apos;%1&apos; is not %2</source>
        <translation>&apos;%1&apos; ist nicht %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="564"/>
        <source>no database given</source>
        <translation>keine Datenbank angegeben</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="572"/>
        <source>not a PostgreSQL URL: &apos;%1&apos; (postgresql://user:password@host:port/database)</source>
        <translation>keine PostgreSQL-URL: &apos;%1&apos; (postgresql://user:password@host:port/database)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="587"/>
        <source>the PostgreSQL URL names no database: &apos;%1&apos;</source>
        <translation>die PostgreSQL-URL nennt keine Datenbank: &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="602"/>
        <source>unknown database URL &apos;%1&apos;: use a file path, sqlite:///path or postgresql://user:password@host:port/database</source>
        <translation>unbekannte Datenbank-URL &apos;%1&apos;: verwende einen Dateipfad, sqlite:///path oder postgresql://user:password@host:port/database</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="613"/>
        <source>the SQLite URL names no file</source>
        <translation>die SQLite-URL nennt keine Datei</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="704"/>
        <source>%1: no id returned</source>
        <translation>%1: keine ID zurückgegeben</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="737"/>
        <source>the campaign is busy with other writers (tried %1 times; last: %2): nothing was written, run it again</source>
        <translation>die Kampagne wird gerade von anderen beschrieben (%1 Versuche; zuletzt: %2): nichts wurde geschrieben, versuche es erneut</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="829"/>
        <source>%1: this campaign database has schema version %2, newer than this program knows (%3); it was written by a newer jwfleet: update jwfleet to open it (the database was not changed)</source>
        <translation>%1: diese Kampagnendatenbank hat die Schemaversion %2, neuer als dieses Programm kennt (%3); sie wurde von einem neueren jwfleet geschrieben: aktualisiere jwfleet, um sie zu öffnen (die Datenbank wurde nicht geändert)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="873"/>
        <source>%1 holds no campaign yet: create one first (jwfleet-cli campaign create)</source>
        <translation>%1 enthält noch keine Kampagne: legen Sie zuerst eine an (jwfleet-cli campaign create)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="882"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1576"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1594"/>
        <source>the campaign</source>
        <translation>die Kampagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="966"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1253"/>
        <source>no player with id %1 in this campaign</source>
        <translation>kein Spieler mit der ID %1 in dieser Kampagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="982"/>
        <source>a player needs a name</source>
        <translation>ein Spieler braucht einen Namen</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="988"/>
        <source>there is already a player named &apos;%1&apos; in this campaign</source>
        <translation>in dieser Kampagne gibt es schon einen Spieler namens &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1001"/>
        <source>roster entry %1 of player %2</source>
        <translation>Kadereintrag %1 von Spieler %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1083"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1731"/>
        <source>%1 was removed by someone else</source>
        <translation>%1 wurde von jemand anderem entfernt</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1140"/>
        <source>names no player (%1)</source>
        <translation>nennt keinen Spieler (%1)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1151"/>
        <source>is not a fleet: %1</source>
        <translation>ist keine Flotte: %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1221"/>
        <source>no battle with id %1 in this campaign</source>
        <translation>keine Schlacht mit der ID %1 in dieser Kampagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1231"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1778"/>
        <source>the battle needs a date</source>
        <translation>die Schlacht braucht ein Datum</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1235"/>
        <source>winner must be side 0, side 1 or -1 (a draw), not %1</source>
        <translation>der Sieger muss Seite 0, Seite 1 oder -1 (Unentschieden) sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1241"/>
        <source>side %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1266"/>
        <source>an outcome&apos;s side must be 0 or 1</source>
        <translation>die Seite eines Ergebnisses muss 0 oder 1 sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1271"/>
        <source>outcome for entry %1 of side %2: the fleet has %3 entries</source>
        <translation>Ergebnis für Eintrag %1 von Seite %2: die Flotte hat %3 Einträge</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1278"/>
        <source>two outcomes for entry %1 of side %2</source>
        <translation>zwei Ergebnisse für Eintrag %1 von Seite %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1303"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1799"/>
        <source>battle %1</source>
        <translation>Schlacht %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1304"/>
        <source>the battle</source>
        <translation>die Schlacht</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1307"/>
        <source>%1, unit %2 of side %3</source>
        <translation>%1, Einheit %2 von Seite %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1358"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1366"/>
        <source>battle %1 was changed or removed by someone else</source>
        <translation>Schlacht %1 wurde von jemand anderem geändert oder entfernt</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1394"/>
        <source>holds something other than a die</source>
        <translation>enthält etwas anderes als einen Würfel</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1407"/>
        <source>the repair</source>
        <translation>die Reparatur</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1488"/>
        <source>the Qt SQL driver %1 is not installed (Debian: %2)</source>
        <translation>der Qt-SQL-Treiber %1 ist nicht installiert (Debian: %2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1504"/>
        <source>%1: no campaign database there</source>
        <translation>%1: dort ist keine Kampagnendatenbank</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1525"/>
        <source>%1: cannot open the database: %2</source>
        <translation>%1: die Datenbank kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1568"/>
        <source>%1 already holds a campaign (&apos;%2&apos;)</source>
        <translation>%1 enthält schon eine Kampagne (&apos;%2&apos;)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1572"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1593"/>
        <source>a campaign needs a name</source>
        <translation>eine Kampagne braucht einen Namen</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1618"/>
        <source>points %1 → %2</source>
        <translation>Punkte %1 → %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1621"/>
        <source>rules %1 → %2</source>
        <translation>Regeln %1 → %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1627"/>
        <source>house rule %1 changed</source>
        <translation>Hausregel %1 geändert</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1631"/>
        <source>the campaign settings were changed by someone else since they were read (revision %1, now %2): %3</source>
        <translation>die Kampagneneinstellungen wurden seit dem Lesen von jemand anderem geändert (Revision %1, jetzt %2): %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1700"/>
        <source>only a removed player can be restored</source>
        <translation>nur ein entfernter Spieler kann wiederhergestellt werden</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1703"/>
        <source>%1 is already in the campaign</source>
        <translation>%1 ist schon in der Kampagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1720"/>
        <source>%1 has played battles: a player with battles cannot be removed</source>
        <translation>%1 hat Schlachten gespielt: ein Spieler mit Schlachten kann nicht entfernt werden</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1781"/>
        <source>winner must be 0, 1 or -1 (a draw)</source>
        <translation>der Sieger muss 0, 1 oder -1 (Unentschieden) sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1788"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1819"/>
        <source>battle %1 was removed by someone else</source>
        <translation>Schlacht %1 wurde von jemand anderem entfernt</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1829"/>
        <source>date %1 → %2</source>
        <translation>Datum %1 → %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1832"/>
        <source>scenario &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>Szenario &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1843"/>
        <source>points of side %1</source>
        <translation>Punkte von Seite %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1847"/>
        <source>battle %1 was changed by someone else since it was read (revision %2, now %3): %4</source>
        <translation>Schlacht %1 wurde seit dem Lesen von jemand anderem geändert (Revision %2, jetzt %3): %4</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1881"/>
        <source>%1 has no roster entry %2</source>
        <translation>%1 hat keinen Kadereintrag %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1905"/>
        <source>repair %1 was removed by someone else</source>
        <translation>Reparatur %1 wurde von jemand anderem entfernt</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1951"/>
        <source>%1 already holds a campaign (&apos;%2&apos;): import into a new database, or replace it</source>
        <translation>%1 enthält schon eine Kampagne (&apos;%2&apos;): importiere in eine neue Datenbank oder ersetze sie</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1961"/>
        <source>the campaign has no name</source>
        <translation>die Kampagne hat keinen Namen</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1968"/>
        <source>player &apos;%1&apos;: missing or duplicate id %2</source>
        <translation>Spieler &apos;%1&apos;: fehlende oder doppelte ID %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1981"/>
        <source>player &apos;%1&apos;: roster entry &apos;%2&apos; has a missing or duplicate id %3</source>
        <translation>Spieler &apos;%1&apos;: Kadereintrag &apos;%2&apos; hat eine fehlende oder doppelte ID %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1992"/>
        <source>battle with a missing or duplicate id %1</source>
        <translation>Schlacht mit fehlender oder doppelter ID %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1997"/>
        <source>battle %1 names player id %2, which is not in the campaign</source>
        <translation>Schlacht %1 nennt die Spieler-ID %2, die nicht in der Kampagne ist</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="2008"/>
        <source>repair %1 names player id %2, which is not in the campaign</source>
        <translation>Reparatur %1 nennt die Spieler-ID %2, die nicht in der Kampagne ist</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="34"/>
        <source>Objective Points</source>
        <translation>Missionspunkte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="35"/>
        <source>Victory Points</source>
        <translation>Siegpunkte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="37"/>
        <source>Victory Point difference</source>
        <translation>Siegpunktdifferenz</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="38"/>
        <source>Wins</source>
        <translation>Siege</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="39"/>
        <source>Head-to-head</source>
        <translation>Direkter Vergleich</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="40"/>
        <source>Points destroyed</source>
        <translation>Zerstörte Punkte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="41"/>
        <source>Fewer battles</source>
        <translation>Weniger Schlachten</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="119"/>
        <source>must be a list of the two sides&apos; attack dice</source>
        <translation>muss eine Liste der Angriffswürfel beider Seiten sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="125"/>
        <source>side %1: must be {attacks, successes, expected_milli}</source>
        <translation>Seite %1: muss {attacks, successes, expected_milli} sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="133"/>
        <source>side %1: unknown key &apos;%2&apos; (allowed: attacks, successes, expected_milli)</source>
        <translation>Seite %1: unbekannter Schlüssel &apos;%2&apos; (erlaubt: attacks, successes, expected_milli)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="145"/>
        <source>side %1: %2 must be a whole number from 0 to %3</source>
        <translation>Seite %1: %2 muss eine ganze Zahl von 0 bis %3 sein</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="430"/>
        <source>&apos;%1&apos; is on or off, not &apos;%2&apos;</source>
        <translation>&apos;%1&apos; ist on oder off, nicht &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="440"/>
        <source>&apos;%1&apos; is a whole number from %2 to %3, not &apos;%4&apos;</source>
        <translation>&apos;%1&apos; ist eine ganze Zahl von %2 bis %3, nicht &apos;%4&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="457"/>
        <source>&apos;repair&apos; is none, roll or cost, not &apos;%1&apos;</source>
        <translation>&apos;repair&apos; ist none, roll oder cost, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="481"/>
        <source>unknown tie-breaker &apos;%1&apos; (%2)</source>
        <translation>unbekannter Gleichstandsbrecher &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="485"/>
        <source>tie-breaker &apos;%1&apos; given twice</source>
        <translation>Gleichstandsbrecher &apos;%1&apos; doppelt angegeben</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="492"/>
        <source>unknown campaign rule &apos;%1&apos; (%2)</source>
        <translation>unbekannte Kampagnenregel &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="521"/>
        <source>&apos;%1&apos; is a list of names</source>
        <translation>&apos;%1&apos; ist eine Liste von Namen</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="532"/>
        <source>&apos;%1&apos; has a value of the wrong kind</source>
        <translation>&apos;%1&apos; hat einen Wert der falschen Art</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="558"/>
        <source>Damage carried over</source>
        <translation>Schaden bleibt bestehen</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="559"/>
        <source>Boxes marked at the end of a battle stay marked in the next one unless repaired.</source>
        <translation>Am Ende einer Schlacht markierte Kästchen bleiben in der nächsten markiert, sofern sie nicht repariert werden.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="563"/>
        <source>Repairs between battles</source>
        <translation>Reparaturen zwischen Schlachten</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="564"/>
        <source>Between battles a damaged unit may be repaired: a d6 a box (repair roll), or every box for Objective Points (repair cost).</source>
        <translation>Zwischen Schlachten kann eine beschädigte Einheit repariert werden: ein W6 je Kästchen (Reparaturwurf) oder alle Kästchen gegen Missionspunkte (Reparaturkosten).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="569"/>
        <source>Captured ships change hands</source>
        <translation>Gekaperte Schiffe wechseln den Besitzer</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="570"/>
        <source>A unit Captured at the end of a battle joins the captor&apos;s roster.</source>
        <translation>Eine am Ende einer Schlacht gekaperte Einheit kommt in den Kader des Kaperers.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="573"/>
        <source>Renowned veterans</source>
        <translation>Renowned-Veteranen</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="574"/>
        <source>A unit that survives a number of battles becomes Renowned (the rulebook trait).</source>
        <translation>Eine Einheit, die eine Anzahl Schlachten überlebt, wird Renowned (die Eigenschaft aus dem Regelbuch).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="578"/>
        <source>Losses are permanent</source>
        <translation>Verluste sind endgültig</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="579"/>
        <source>A unit Destroyed in a battle leaves its player&apos;s roster.</source>
        <translation>Eine in einer Schlacht zerstörte Einheit verlässt den Kader ihres Spielers.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="84"/>
        <source>%1 was Destroyed and leaves %2&apos;s roster.</source>
        <translation>%1 wurde zerstört und verlässt den Kader von %2.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="88"/>
        <source>%1 was Destroyed; it returns to %2&apos;s roster repaired (losses are not permanent).</source>
        <translation>%1 wurde zerstört; sie kehrt repariert in den Kader von %2 zurück (Verluste sind nicht endgültig).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="100"/>
        <source>%1 was Captured; it returns to %2 (captured ships do not change hands).</source>
        <translation>%1 wurde gekapert; sie kehrt zu %2 zurück (gekaperte Schiffe wechseln nicht den Besitzer).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="110"/>
        <source>%1 carries %2 marked boxes into the next battle.</source>
        <translation>%1 nimmt %2 markierte Kästchen in die nächste Schlacht mit.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="116"/>
        <source>%1 is Renowned after surviving %2 battles.</source>
        <translation>%1 ist Renowned nach %2 überlebten Schlachten.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="134"/>
        <source>%1 was Captured and joins %2&apos;s roster.</source>
        <translation>%1 wurde gekapert und kommt in den Kader von %2.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="159"/>
        <source>repairs are off in this campaign (house rule &apos;repair&apos;)</source>
        <translation>Reparaturen sind in dieser Kampagne ausgeschaltet (Hausregel &apos;repair&apos;)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="165"/>
        <source>%1 is no longer on the roster</source>
        <translation>%1 ist nicht mehr im Kader</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="170"/>
        <source>%1 has no damage to repair</source>
        <translation>%1 hat keinen Schaden zu reparieren</translation>
    </message>
    <message>
        <location filename="../core/engine/game.cpp" line="259"/>
        <source>command %1 (%2) records die %3 showing %4: a die shows 1 to 6</source>
        <translation>Befehl %1 (%2) verzeichnet Würfel %3 mit %4: ein Würfel zeigt 1 bis 6</translation>
    </message>
    <message>
        <location filename="../core/engine/game.cpp" line="273"/>
        <source>command %1 (%2) is refused: %3</source>
        <translation>Befehl %1 (%2) wird abgelehnt: %3</translation>
    </message>
    <message>
        <location filename="../core/engine/game.cpp" line="277"/>
        <source>command %1 (%2) rolled other dice than recorded: the rules or the units changed since the game was saved</source>
        <translation>Befehl %1 (%2) hat andere Würfel geworfen als verzeichnet: die Regeln oder die Einheiten haben sich seit dem Speichern der Partie geändert</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="117"/>
        <source>&apos;turns&apos; must be from 1 to %1, not %2</source>
        <translation>&apos;turns&apos; muss zwischen 1 und %1 liegen, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="120"/>
        <source>&apos;initiative&apos; must be 0 or 1, not %1</source>
        <translation>&apos;initiative&apos; muss 0 oder 1 sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="123"/>
        <source>typed dice are for a physical table (&apos;table: physical&apos;)</source>
        <translation>eingegebene Würfel gibt es nur am echten Tisch (&apos;table: physical&apos;)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="133"/>
        <source>player %1&apos;s fleet has %2 units, at most %3</source>
        <translation>die Flotte von Spieler %1 hat %2 Einheiten, höchstens %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="139"/>
        <source>the unit card of &apos;%1&apos; is missing</source>
        <translation>die Einheitenkarte von &apos;%1&apos; fehlt</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="142"/>
        <source>player %1&apos;s unit %2 is embarked on unit %3, which is not another unit of the fleet</source>
        <translation>Einheit %2 von Spieler %1 ist an Bord von Einheit %3, die keine andere Einheit der Flotte ist</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="154"/>
        <source>&apos;start_turn&apos; must be from 1 to %1, not %2</source>
        <translation>&apos;start_turn&apos; muss zwischen 1 und %1 liegen, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="158"/>
        <source>&apos;start_phase&apos; must be deployment or activation, not &apos;%1&apos;</source>
        <translation>&apos;start_phase&apos; muss deployment oder activation sein, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="167"/>
        <source>start model %1</source>
        <translation>Startmodell %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="170"/>
        <source>%1: &apos;player&apos; must be 0 or 1, not %2</source>
        <translation>%1: &apos;player&apos; muss 0 oder 1 sein, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="174"/>
        <source>%1: player %2&apos;s fleet has no unit %3</source>
        <translation>%1: die Flotte von Spieler %2 hat keine Einheit %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="177"/>
        <source>%1: unknown location &apos;%2&apos;</source>
        <translation>%1: unbekannter Ort &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="181"/>
        <source>%1: the position must be finite numbers</source>
        <translation>%1: die Position muss aus endlichen Zahlen bestehen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="183"/>
        <source>%1: no carrier %2</source>
        <translation>%1: kein Träger %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="186"/>
        <source>%1: no model %2 to assault</source>
        <translation>%1: kein Modell %2 für den Angriff</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="190"/>
        <source>%1: &apos;boarders&apos; must be from 0 to 100</source>
        <translation>%1: &apos;boarders&apos; muss zwischen 0 und 100 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="194"/>
        <source>%1: &apos;%2&apos; boxes lost must be from 0 to 100</source>
        <translation>%1: verlorene Kästchen von &apos;%2&apos; müssen zwischen 0 und 100 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="199"/>
        <source>%1: a weapon&apos;s damage must be from 0 to 100</source>
        <translation>%1: der Schaden einer Waffe muss zwischen 0 und 100 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="204"/>
        <source>%1: trait &apos;%2&apos; boxes must be from 0 to 100</source>
        <translation>%1: die Kästchen der Eigenschaft &apos;%2&apos; müssen zwischen 0 und 100 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="208"/>
        <source>%1: unknown state &apos;%2&apos;</source>
        <translation>%1: unbekannter Zustand &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="30"/>
        <source>&apos;%1&apos; is missing</source>
        <translation>&apos;%1&apos; fehlt</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="36"/>
        <source>&apos;%1&apos; must be a number</source>
        <translation>&apos;%1&apos; muss eine Zahl sein</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="43"/>
        <source>&apos;%1&apos; must be between -%2 and %2</source>
        <translation>&apos;%1&apos; muss zwischen -%2 und %2 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="57"/>
        <source>&apos;path&apos; must be a list of [x, y] points</source>
        <translation>&apos;path&apos; muss eine Liste von [x, y]-Punkten sein</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="62"/>
        <source>&apos;path&apos; has more than %1 points</source>
        <translation>&apos;path&apos; hat mehr als %1 Punkte</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="74"/>
        <source>&apos;path&apos; points must be [x, y]</source>
        <translation>die Punkte von &apos;path&apos; müssen [x, y] sein</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="277"/>
        <source>&apos;legs&apos; must be a list of {forward, turn}</source>
        <translation>&apos;legs&apos; muss eine Liste von {forward, turn} sein</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="312"/>
        <source>&apos;option&apos; must be a number or &apos;default&apos;</source>
        <translation>&apos;option&apos; muss eine Zahl oder &apos;default&apos; sein</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="373"/>
        <source>&apos;at&apos; is [x, y]</source>
        <translation>&apos;at&apos; ist [x, y]</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="393"/>
        <source>&apos;faces&apos; must be a list of at most %1 die faces</source>
        <translation>&apos;faces&apos; muss eine Liste von höchstens %1 Würfelaugen sein</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="403"/>
        <source>&apos;faces&apos; are die faces, 1 to 6</source>
        <translation>&apos;faces&apos; sind Würfelaugen, 1 bis 6</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="420"/>
        <source>&apos;%1&apos; must be a name of at most %2 characters</source>
        <translation>&apos;%1&apos; muss ein Name von höchstens %2 Zeichen sein</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="436"/>
        <source>&apos;%1&apos; must be from %2 to %3</source>
        <translation>&apos;%1&apos; muss zwischen %2 und %3 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="451"/>
        <source>&apos;command&apos; is missing</source>
        <translation>&apos;command&apos; fehlt</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="452"/>
        <source>unknown command &apos;%1&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="406"/>
        <source>unknown terrain kind &apos;%1&apos;</source>
        <translation>unbekannte Geländeart &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="412"/>
        <source>unknown table edge &apos;%1&apos;</source>
        <translation>unbekannter Tischrand &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="419"/>
        <source>%1 needs a shape</source>
        <translation>%1 braucht eine Form</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="426"/>
        <source>a Comet needs a tail</source>
        <translation>ein Komet braucht einen Schweif</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="430"/>
        <source>the name %1</source>
        <translation>der Name %1</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="433"/>
        <source>&apos;owner&apos; must be 0 or 1</source>
        <translation>&apos;owner&apos; muss 0 oder 1 sein</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="441"/>
        <source>&apos;structure&apos; must be from 1 to 20</source>
        <translation>&apos;structure&apos; muss zwischen 1 und 20 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="447"/>
        <source>&apos;hangers&apos; must be from 0 to 20</source>
        <translation>&apos;hangers&apos; muss zwischen 0 und 20 liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="456"/>
        <source>station weapons are kinetic-cannon or beam-projector</source>
        <translation>Stationswaffen sind kinetic-cannon oder beam-projector</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="167"/>
        <source>unit lacks &apos;%1&apos;</source>
        <translation>der Einheit fehlt &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="173"/>
        <source>unknown unit type &apos;%1&apos;</source>
        <translation>unbekannter Einheitentyp &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="208"/>
        <source>unknown weapon class &apos;%1&apos;</source>
        <translation>unbekannte Waffenklasse &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="255"/>
        <source>unit &apos;%1&apos;: %2</source>
        <translation>Einheit &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="19"/>
        <source>&apos;%1&apos; has %2 boxes, at most %3</source>
        <translation>&apos;%1&apos; hat %2 Kästchen, höchstens %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="28"/>
        <source>&apos;%1&apos; boxes must start at 1 and go up by 0 or 1</source>
        <translation>die Kästchen von &apos;%1&apos; müssen bei 1 beginnen und um 0 oder 1 steigen</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="37"/>
        <source>%1 has %2 traits, at most %3</source>
        <translation>%1 hat %2 Eigenschaften, höchstens %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="41"/>
        <source>a trait name %1</source>
        <translation>ein Eigenschaftsname %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="87"/>
        <source>&apos;sources&apos; key %1</source>
        <translation>&apos;sources&apos;-Schlüssel %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="89"/>
        <source>&apos;sources&apos; of &apos;%1&apos;: %2</source>
        <translation>&apos;sources&apos; von &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="92"/>
        <source>&apos;sources&apos; default: %1</source>
        <translation>&apos;sources&apos; default: %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="130"/>
        <source>%1 weapons, at most %2</source>
        <translation>%1 Waffen, höchstens %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="134"/>
        <source>a weapon&apos;s &apos;name&apos; %1</source>
        <translation>der &apos;name&apos; einer Waffe %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="150"/>
        <source>the unit</source>
        <translation>die Einheit</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="159"/>
        <source>&apos;base&apos; must be at most %1 inches a side</source>
        <translation>&apos;base&apos; darf je Seite höchstens %1 Zoll messen</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="96"/>
        <source>a scenario</source>
        <translation>ein Szenario</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="110"/>
        <source>schema_version %1 is newer than this program reads (%2)</source>
        <translation>schema_version %1 ist neuer, als dieses Programm lesen kann (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="121"/>
        <source>&apos;id&apos; is lower-case letters, digits and &apos;-&apos; (&apos;%1&apos;)</source>
        <translation>&apos;id&apos; besteht aus Kleinbuchstaben, Ziffern und &apos;-&apos; (&apos;%1&apos;)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="138"/>
        <source>unknown deployment_zone &apos;%1&apos; (standard, beacon, corner)</source>
        <translation>unbekannte deployment_zone &apos;%1&apos; (standard, beacon, corner)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="151"/>
        <source>unknown deployment_type &apos;%1&apos; (fleet, escalating)</source>
        <translation>unbekannter deployment_type &apos;%1&apos; (fleet, escalating)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="163"/>
        <source>unknown initiative &apos;%1&apos; (random, attacker-defender)</source>
        <translation>unbekannte initiative &apos;%1&apos; (random, attacker-defender)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="175"/>
        <source>&apos;special_rules&apos; must be a list</source>
        <translation>&apos;special_rules&apos; muss eine Liste sein</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="186"/>
        <source>&apos;objectives&apos; must be a list of objectives</source>
        <translation>&apos;objectives&apos; muss eine Liste von Zielen sein</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="199"/>
        <source>a special rule</source>
        <translation>eine Sonderregel</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="216"/>
        <source>switch &apos;%1&apos; is set by two special rules</source>
        <translation>der Schalter &apos;%1&apos; wird von zwei Sonderregeln gesetzt</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="243"/>
        <source>a Defender needs &apos;initiative: attacker-defender&apos;</source>
        <translation>ein Verteidiger braucht &apos;initiative: attacker-defender&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="248"/>
        <source>the Attacker chooses the edge: needs &apos;initiative: attacker-defender&apos;</source>
        <translation>der Angreifer wählt die Kante: braucht &apos;initiative: attacker-defender&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="258"/>
        <source>an objective</source>
        <translation>ein Ziel</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="276"/>
        <source>unknown objective kind &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Zielart &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="296"/>
        <source>unknown side &apos;%1&apos; (each, attacker, defender)</source>
        <translation>unbekannte Seite &apos;%1&apos; (each, attacker, defender)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="302"/>
        <source>side &apos;%1&apos; needs &apos;initiative: attacker-defender&apos;</source>
        <translation>die Seite &apos;%1&apos; braucht &apos;initiative: attacker-defender&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="316"/>
        <source>unknown &apos;on&apos; &apos;%1&apos; (withdrawn-capital-ships, capital-ships-in-play, squadrons-not-destroyed)</source>
        <translation>unbekanntes &apos;on&apos; &apos;%1&apos; (withdrawn-capital-ships, capital-ships-in-play, squadrons-not-destroyed)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="331"/>
        <source>%1 needs &apos;%2&apos; (%3)</source>
        <translation>%1 braucht &apos;%2&apos; (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="337"/>
        <source>%1 needs a special rule with &apos;%2: true&apos;</source>
        <translation>%1 braucht eine Sonderregel mit &apos;%2: true&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="343"/>
        <source>where the pods count</source>
        <translation>wo die Rettungskapseln zählen</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="348"/>
        <source>the water units</source>
        <translation>die Wassereinheiten</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="359"/>
        <source>the share of the points</source>
        <translation>der Anteil der Punkte</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="366"/>
        <source>&apos;percent&apos; is at most 100</source>
        <translation>&apos;percent&apos; ist höchstens 100</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="370"/>
        <source>&apos;by_turn&apos; %1 is after the last turn (%2)</source>
        <translation>&apos;by_turn&apos; %1 liegt nach der letzten Runde (%2)</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="86"/>
        <source>reveal of model %1: no model of a fleet has this number</source>
        <translation>Aufdeckung von Modell %1: kein Modell einer Flotte hat diese Nummer</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="101"/>
        <source>command %1 is not the sealed Embark of the record</source>
        <translation>Befehl %1 ist nicht das versiegelte Einschiffen der Aufzeichnung</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="154"/>
        <source>no start exchange</source>
        <translation>kein Austausch zum Start</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="213"/>
        <location filename="../core/net/maskedresume.cpp" line="345"/>
        <source>the masked game does not replay from its record: %1; it cannot resume</source>
        <translation>das maskierte Spiel lässt sich nicht aus seiner Aufzeichnung nachspielen: %1; es kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="221"/>
        <source>the saved game has no record of a masked game</source>
        <translation>das gespeicherte Spiel hat keine Aufzeichnung eines maskierten Spiels</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="227"/>
        <source>%1 commitments for %2 models</source>
        <translation>%1 Festlegungen für %2 Modelle</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="266"/>
        <location filename="../core/net/maskedresume.cpp" line="444"/>
        <source>the card of model %1, revealed with command %2, is not in the saved game</source>
        <translation>die Karte von Modell %1, aufgedeckt mit Befehl %2, ist nicht im gespeicherten Spiel</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="277"/>
        <location filename="../core/net/maskedresume.cpp" line="458"/>
        <source>sealed Embark %1: revealed, and not in the saved game</source>
        <translation>versiegeltes Einschiffen %1: aufgedeckt und nicht im gespeicherten Spiel</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="326"/>
        <location filename="../core/net/maskedresume.cpp" line="523"/>
        <source>after command %1 the game is not its masked game</source>
        <translation>nach Befehl %1 ist das Spiel nicht sein maskiertes Spiel</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="352"/>
        <source>the saved game is a masked game (v1.2.4 hidden models) and lacks this side&apos;s secrets (the nonces of its models): it cannot resume</source>
        <translation>das gespeicherte Spiel ist ein maskiertes Spiel (verdeckte Modelle von v1.2.4), und ihm fehlen die Geheimnisse dieser Seite (die Nonces ihrer Modelle): es kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="377"/>
        <source>the saved game&apos;s secrets are not those of this side&apos;s models (their commitments differ): it cannot resume</source>
        <translation>die Geheimnisse des gespeicherten Spiels sind nicht die der Modelle dieser Seite (ihre Festlegungen weichen ab): es kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="436"/>
        <source>reveal of model %1: not this side&apos;s nonce</source>
        <translation>Aufdeckung von Modell %1: nicht die Nonce dieser Seite</translation>
    </message>
</context>
<context>
    <name>jw::DestroyedChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="499"/>
        <source>Points destroyed per battle</source>
        <translation>Zerstörte Punkte je Schlacht</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="520"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="522"/>
        <source>TV destroyed in all: %1.</source>
        <translation>Insgesamt zerstörte TV: %1.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="528"/>
        <source>Points destroyed per battle: no battles yet.</source>
        <translation>Zerstörte Punkte je Schlacht: noch keine Schlachten.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="544"/>
        <source>Points (TV) destroyed in each battle</source>
        <translation>In jeder Schlacht zerstörte Punkte (TV)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="562"/>
        <source>%1 destroyed %2 TV of %3&apos;s fleet in battle %4 (%5)</source>
        <translation>%1 zerstörte %2 TV der Flotte von %3 in Schlacht %4 (%5)</translation>
    </message>
</context>
<context>
    <name>jw::DiceKeypad</name>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="78"/>
        <source>Dice</source>
        <translation>Würfel</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="79"/>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="80"/>
        <source>Flex</source>
        <translation>Flex</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="81"/>
        <source>Macro (escalating)</source>
        <translation>Makro (steigernd)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="82"/>
        <source>Macro (diminishing)</source>
        <translation>Makro (schwächend)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="120"/>
        <source>Dice keypad</source>
        <translation>Würfeltastatur</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="121"/>
        <source>Type the faces rolled with the keys 1 to 6; Backspace takes back the last die, Enter enters the roll.</source>
        <translation>Die gewürfelten Augen mit den Tasten 1 bis 6 eingeben; die Rücktaste nimmt den letzten Würfel zurück, die Eingabetaste trägt den Wurf ein.</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="162"/>
        <source>⌫ Back</source>
        <translation>⌫ Zurück</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="165"/>
        <source>Take back the last die typed (Backspace)</source>
        <translation>Den zuletzt eingegebenen Würfel zurücknehmen (Rücktaste)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="168"/>
        <location filename="../ui/companion/dicekeypad.cpp" line="261"/>
        <source>Enter the Roll</source>
        <translation>Wurf eingeben</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="171"/>
        <source>The dice are typed in (Enter)</source>
        <translation>Die Würfel sind eingegeben (Eingabetaste)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="175"/>
        <source>Roll for Me</source>
        <translation>Für mich würfeln</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="178"/>
        <source>The app rolls these dice</source>
        <translation>Die App würfelt diese Würfel</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="203"/>
        <source>%1 Base</source>
        <translation>%1 Basis</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="205"/>
        <source>%1 Flex</source>
        <translation>%1 Flex</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="207"/>
        <source>%1 escalating Macro</source>
        <translation>%1 steigernde Makro</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="209"/>
        <source>%1 diminishing Macro</source>
        <translation>%1 schwächende Makro</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="211"/>
        <source>Roll %1 dice (%2)</source>
        <translation>%1 würfeln (%2)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="219"/>
        <source>Before the roll: no success %1 · best [D] %2 · [T] %3 · [Q+] %4</source>
        <translation>Vor dem Wurf: kein Erfolg %1 · bestes [D] %2 · [T] %3 · [Q+] %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="224"/>
        <source>Roll one die</source>
        <translation>Einen Würfel würfeln</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="224"/>
        <source>Roll %1 dice</source>
        <translation>%1 Würfel würfeln</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="262"/>
        <source>Dice left to type: %1</source>
        <translation>Noch einzugebende Würfel: %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="280"/>
        <source>1 … 6</source>
        <translation>1 … 6</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="280"/>
        <source>Type the face of the next die</source>
        <translation>Die Augenzahl des nächsten Würfels eingeben</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="281"/>
        <source>Backspace</source>
        <translation>Rücktaste</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="281"/>
        <source>Take back the last die</source>
        <translation>Den letzten Würfel zurücknehmen</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="282"/>
        <source>Enter</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="282"/>
        <source>Enter the roll</source>
        <translation>Den Wurf eintragen</translation>
    </message>
</context>
<context>
    <name>jw::DiceWidget</name>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="139"/>
        <source>Dice rolled</source>
        <translation>Gewürfelte Würfel</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="147"/>
        <source>Rolled: %1</source>
        <translation>Gewürfelt: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="154"/>
        <source>Flex dice dropped: %1</source>
        <translation>Weggelegte Flex-Würfel: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="156"/>
        <source>Macro dice escalate a match of the same value</source>
        <translation>Makrowürfel steigern einen Erfolg mit demselben Wert</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="157"/>
        <source>Macro dice diminish a match of the same value</source>
        <translation>Makrowürfel schwächen einen Erfolg mit demselben Wert ab</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="158"/>
        <source>Result: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="253"/>
        <source>dropped</source>
        <translation>weggelegt</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="255"/>
        <source>macro +</source>
        <translation>Makro +</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="255"/>
        <source>macro −</source>
        <translation>Makro −</translation>
    </message>
</context>
<context>
    <name>jw::DieButton</name>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="40"/>
        <source>Die showing %1</source>
        <translation>Würfel mit %1</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="51"/>
        <source>%1: dropped (click to keep it)</source>
        <translation>%1: weggelegt (klicken, um ihn zu behalten)</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="52"/>
        <source>%1: kept (click to drop it)</source>
        <translation>%1: behalten (klicken, um ihn wegzulegen)</translation>
    </message>
</context>
<context>
    <name>jw::Engine</name>
    <message>
        <location filename="../core/engine/messagelist.h" line="14"/>
        <source>no model is activating: activate one first</source>
        <translation>kein Modell ist aktiviert: zuerst eines aktivieren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="16"/>
        <source>model %1</source>
        <translation>Modell %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="18"/>
        <source>No scenario plays it.</source>
        <translation>Kein Szenario spielt diesen Befehl.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="21"/>
        <source>%1 is Embarked: Launch it first</source>
        <translation>%1 ist eingeschifft: zuerst starten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="23"/>
        <source>%1 is a Squadron: it moves along a path</source>
        <translation>%1 ist eine Staffel: sie bewegt sich entlang eines Pfads</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="24"/>
        <source>%1 may not move</source>
        <translation>%1 darf sich nicht bewegen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="26"/>
        <source>Capital Ships move by advancing directly forward</source>
        <translation>Großkampfschiffe bewegen sich, indem sie direkt geradeaus vorrücken</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="28"/>
        <source>each turn changes direction by up to 45 degrees</source>
        <translation>jede Wende ändert die Richtung um höchstens 45 Grad</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="30"/>
        <source>%1 only makes turns at the end of a move</source>
        <translation>%1 wendet nur am Ende einer Bewegung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="33"/>
        <source>%1 overlaps a Capital Ship and must stop: it is repositioned when its activation ends</source>
        <translation>%1 überlappt ein Großkampfschiff und muss anhalten: Es wird am Ende seiner Aktivierung versetzt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="37"/>
        <source>%1 is Station Keeping (Speed 0): it may not move this activation</source>
        <translation>%1 hält Position (Geschwindigkeit 0): Es darf sich in dieser Aktivierung nicht bewegen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="41"/>
        <source>%1 may move at most %2 (Speed %3 + Thrusters %4); this move would make %5</source>
        <translation>%1 darf sich höchstens %2 bewegen (Geschwindigkeit %3 + Triebwerke %4); diese Bewegung ergäbe %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="44"/>
        <source>%1 may turn %2 time(s) this activation (the lower of Turns %3 and Thrusters %4); %5 already made</source>
        <translation>%1 darf in dieser Aktivierung %2-mal wenden (der kleinere Wert aus Wenden %3 und Triebwerke %4); %5 bereits gemacht</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="48"/>
        <source>%1 has Thrusters 0 and makes a Skill Test to turn: %2.</source>
        <translation>%1 hat Triebwerke 0 und legt eine Fertigkeitsprobe zum Wenden ab: %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="52"/>
        <source>%1 fails the Skill Test and cannot turn; it moves %2 straight ahead.</source>
        <translation>%1 besteht die Fertigkeitsprobe nicht und kann nicht wenden; es bewegt sich %2 geradeaus.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="56"/>
        <source>%1&apos;s mandatory movement stops at the edge of %2 after %3 (its minimum counts as made).</source>
        <translation>Die Pflichtbewegung von %1 endet nach %3 am Rand von %2 (ihr Minimum gilt als erfüllt).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="60"/>
        <source>%1 moves %2%3 (%4 of at most %5 this activation).</source>
        <translation>%1 bewegt sich %2%3 (%4 von höchstens %5 in dieser Aktivierung).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="61"/>
        <source> with %1 turn(s)</source>
        <translation> mit %1 Wende(n)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="65"/>
        <source>%1 would leave the 48&quot; x 48&quot; table</source>
        <translation>%1 würde den Tisch von 48&quot; x 48&quot; verlassen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="67"/>
        <source>%1 is overlapped by %2 and moves out of its way.</source>
        <translation>%1 wird von %2 überlappt und weicht ihm aus.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="70"/>
        <source>%1&apos;s mandatory move ends overlapping %2 (Terrain › Space Stations: Overlap AC/AS:2).</source>
        <translation>Die Pflichtbewegung von %1 endet überlappend mit %2 (Terrain › Space Stations: Überlappung AC/AS:2).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="74"/>
        <source>%1&apos;s mandatory move ends on %2: it stops, and is repositioned behind it when its activation ends.</source>
        <translation>Die Pflichtbewegung von %1 endet auf %2: Es hält an und wird am Ende seiner Aktivierung dahinter versetzt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="78"/>
        <source>%1 is overlapped by %2 and is repositioned with the back of its base touching it.</source>
        <translation>%1 wird von %2 überlappt und so versetzt, dass das Heck seiner Basis es berührt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="82"/>
        <source>%1 completes its overlapping movement: the back of its base touches the model it overlapped.</source>
        <translation>%1 beendet seine überlappende Bewegung: Das Heck seiner Basis berührt das überlappte Modell.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="86"/>
        <source>%1 is a Capital Ship: it moves forward and turns</source>
        <translation>%1 ist ein Großkampfschiff: Es bewegt sich vorwärts und wendet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="87"/>
        <source>the path is empty</source>
        <translation>der Pfad ist leer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="89"/>
        <source>%1 may move up to its Speed, %2; this path would make %3</source>
        <translation>%1 darf sich bis zu seiner Geschwindigkeit bewegen, %2; dieser Pfad ergäbe %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="91"/>
        <source>%1 moves %2 (%3 of %4).</source>
        <translation>%1 bewegt sich %2 (%3 von %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="93"/>
        <source>%1&apos;s attack on %2 does not happen: %3.</source>
        <translation>Der Angriff von %1 auf %2 findet nicht statt: %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="94"/>
        <source>%1 is not Embarked</source>
        <translation>%1 ist nicht eingeschifft</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="96"/>
        <source>Launch may not be declared in the same activation as Land</source>
        <translation>Starten darf nicht in derselben Aktivierung wie Landen angesagt werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="99"/>
        <source>%1 must be placed within %2 of %3; this is %4 away</source>
        <translation>%1 muss innerhalb von %2 um %3 platziert werden; dies ist %4 entfernt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="100"/>
        <source>%1 launches from %2.</source>
        <translation>%1 startet von %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="101"/>
        <source>%1 takes an escape pod from %2.</source>
        <translation>%1 nimmt eine Rettungskapsel von %2 mit.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="102"/>
        <source>%1 is not on the table</source>
        <translation>%1 ist nicht auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="104"/>
        <source>Land may not be declared in the same activation as Launch</source>
        <translation>Landen darf nicht in derselben Aktivierung wie Starten angesagt werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="106"/>
        <source>land on a friendly model on the table</source>
        <translation>auf einem befreundeten Modell auf dem Tisch landen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="107"/>
        <source>%1 has no working %2</source>
        <translation>%1 hat keine funktionierenden %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="108"/>
        <source>%1 has no room left</source>
        <translation>%1 hat keinen Platz mehr</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="111"/>
        <source>%1 must reach base contact with %2: it is %3 away, %4 of movement left</source>
        <translation>%1 muss Basenkontakt mit %2 erreichen: Es ist %3 entfernt, %4 Bewegung übrig</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="113"/>
        <source>%1 lands on %2.</source>
        <translation>%1 landet auf %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="115"/>
        <source>%1 transfers %2 escape pod(s) to %3 (%4 aboard).</source>
        <translation>%1 übergibt %2 Rettungskapsel(n) an %3 (%4 an Bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="118"/>
        <source>in its ram</source>
        <translation>bei seinem Rammangriff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="119"/>
        <source>failing its ram</source>
        <translation>nach misslungenem Rammangriff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="120"/>
        <source>all its Exo-Suits board %1</source>
        <translation>alle seine Exo-Suits entern %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="121"/>
        <source>%1 stops Assaulting.</source>
        <translation>%1 beendet den Sturmangriff.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="122"/>
        <source>%1 begins a Bombing on %2.</source>
        <translation>%1 beginnt einen Bombenangriff auf %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="124"/>
        <source>%1 may make a single Bombing Run with Fire Control 1.</source>
        <translation>%1 darf einen einzigen Bombenanflug mit Feuerleitung 1 machen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="125"/>
        <source>%1&apos;s Bombing Run %2 on %3.</source>
        <translation>Bombenanflug %2 von %1 auf %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="127"/>
        <source>%1 finds no room in base contact with %2: it may not enter the Assaulting state.</source>
        <translation>%1 findet keinen Platz in Basenkontakt mit %2: es darf nicht in den Zustand Im Sturmangriff wechseln.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="130"/>
        <source>%1 is Assaulting %2.</source>
        <translation>%1 greift %2 im Sturm an.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="132"/>
        <source>%1 ends its Bombing and Returns to Base.</source>
        <translation>%1 beendet seinen Bombenangriff und kehrt zur Basis zurück.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="135"/>
        <source>Squadrons in the Return to Base state may not declare an Interception</source>
        <translation>Staffeln im Zustand Rückkehr zur Basis dürfen kein Abfangen ansagen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="137"/>
        <source>%1 needs Fuel 1+</source>
        <translation>%1 braucht Treibstoff 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="139"/>
        <source>%1&apos;s Interception of %2 does not happen.</source>
        <translation>Das Abfangen von %2 durch %1 findet nicht statt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="140"/>
        <source>%1 intercepts %2: Dogfight!</source>
        <translation>%1 fängt %2 ab: Luftkampf!</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="142"/>
        <source>%1 is intercepted and stops Assaulting.</source>
        <translation>%1 wird abgefangen und beendet den Sturmangriff.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="143"/>
        <source>%1 tries to Break Off: %2: %3: %4.</source>
        <translation>%1 versucht abzudrehen: %2: %3: %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="144"/>
        <source>%1 breaks off.</source>
        <translation>%1 dreht ab.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="145"/>
        <source>The Dogfight is over.</source>
        <translation>Der Luftkampf ist vorbei.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="146"/>
        <source>%1 Returns to Base.</source>
        <translation>%1 kehrt zur Basis zurück.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="148"/>
        <source>a Capital Ship may not ram a Squadron</source>
        <translation>ein Großkampfschiff darf keine Staffel rammen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="150"/>
        <source>the ramming model may not declare any attacks</source>
        <translation>das rammende Modell darf keine Angriffe ansagen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="151"/>
        <source>%1 must bring its Fore arc onto %2</source>
        <translation>%1 muss seinen Bugbereich auf %2 richten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="153"/>
        <source>%1 cannot reach %2: it is %3 away, %4 of movement left</source>
        <translation>%1 kann %2 nicht erreichen: es ist %3 entfernt, %4 Bewegung übrig</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="156"/>
        <source>%1 makes a Skill Test to ram: %2: %3: %4.</source>
        <translation>%1 legt eine Fertigkeitsprobe zum Rammen ab: %2: %3: %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="157"/>
        <source>%1 rolls %2 for the ram: %3: %4%5.</source>
        <translation>%1 würfelt %2 für das Rammen: %3: %4%5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="158"/>
        <source>, escalated to %1</source>
        <translation>, gesteigert auf %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="159"/>
        <source>%1&apos;s ram fails.</source>
        <translation>Das Rammen von %1 misslingt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="160"/>
        <source>there is no room for %1 to meet %2</source>
        <translation>es ist kein Platz, damit %1 auf %2 treffen kann</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="161"/>
        <source>there is no room next to %1</source>
        <translation>neben %1 ist kein Platz</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="163"/>
        <source>%1 has attacked already this activation: the Assault&apos;s Attack Window is its Attack Window</source>
        <translation>%1 hat in dieser Aktivierung schon angegriffen: das Angriffsfenster des Sturmangriffs ist sein Angriffsfenster</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="166"/>
        <source>%1 Assaults %2.</source>
        <translation>%1 stürmt %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="167"/>
        <source>%1&apos;s Assault on %2 is broken up.</source>
        <translation>Der Sturmangriff von %1 auf %2 wird zerschlagen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="169"/>
        <source>%1 is driven off by %2&apos;s Point Defense.</source>
        <translation>%1 wird von der Punktverteidigung von %2 vertrieben.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="171"/>
        <source>%1 must be within 1&quot; of %2 (%3 away)</source>
        <translation>%1 muss innerhalb von 1&quot; um %2 sein (%3 entfernt)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="172"/>
        <source>%1 has no Marines left</source>
        <translation>%1 hat keine Marines mehr</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="173"/>
        <source>%1 sends %2 Marines to board %3.</source>
        <translation>%1 schickt %2 Marines, um %3 zu entern.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="175"/>
        <source>%1&apos;s Point Defense %2 against the boarders: %3: %4.</source>
        <translation>Punktverteidigung von %1 %2 gegen die Enterer: %3: %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="176"/>
        <source>%1&apos;s Grapplers diminish it to %2.</source>
        <translation>Die Enterhaken von %1 mindern es auf %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="178"/>
        <source>%1 has no Point Defense (Defense 0).</source>
        <translation>%1 hat keine Punktverteidigung (Verteidigung 0).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="179"/>
        <source>No Marine of %1 reaches %2.</source>
        <translation>Kein Marine von %1 erreicht %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="181"/>
        <source>%1 Marines board %2: it is Boarded (Boarders %3).</source>
        <translation>%1 Marines entern %2: es ist geentert (Enterer %3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="183"/>
        <source>%1 stops Assaulting: it is placed 1&quot; away and Returns to Base.</source>
        <translation>%1 beendet den Sturmangriff: es wird 1&quot; entfernt aufgestellt und kehrt zur Basis zurück.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="186"/>
        <source>%1 stops Assaulting %2 and disengages.</source>
        <translation>%1 beendet den Sturmangriff auf %2 und löst sich.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="188"/>
        <source>%1 stops Assaulting and Returns to Base.</source>
        <translation>%1 beendet den Sturmangriff und kehrt zur Basis zurück.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="190"/>
        <source>Firefight on %1: the Marines %2, the Boarders %3.</source>
        <translation>Feuergefecht auf %1: die Marines %2, die Enterer %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="191"/>
        <source>Defend</source>
        <translation>verteidigen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="192"/>
        <source>Engage</source>
        <translation>kämpfen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="193"/>
        <source>Sabotage</source>
        <translation>sabotieren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="194"/>
        <source>%1 roll %2: %3: %4.</source>
        <translation>%1 würfeln %2: %3: %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="195"/>
        <source>%1&apos;s Marines</source>
        <translation>Die Marines von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="196"/>
        <source>The Boarders</source>
        <translation>Die Enterer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="197"/>
        <source>The Boarders&apos; sabotage</source>
        <translation>Die Sabotage der Enterer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="199"/>
        <source>The firefight costs the Boarders %1 and %2&apos;s Marines %3.</source>
        <translation>Das Feuergefecht kostet die Enterer %1 und die Marines von %2 %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="201"/>
        <source>%1 is no longer Boarded.</source>
        <translation>%1 ist nicht mehr geentert.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="202"/>
        <source>%1 is Captured by %2.</source>
        <translation>%1 wird von %2 gekapert.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="204"/>
        <source>%1 returns to base: %2 toward %3.</source>
        <translation>%1 kehrt zur Basis zurück: %2 in Richtung %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="205"/>
        <source>its table edge</source>
        <translation>seine Tischkante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="207"/>
        <source>%1 leaves the table and is Withdrawn.</source>
        <translation>%1 verlässt den Tisch und ist zurückgezogen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="208"/>
        <source>%1 is not a Squadron on the table</source>
        <translation>%1 ist keine Staffel auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="210"/>
        <source>%1 may move up to %2 here; this path would make %3</source>
        <translation>%1 darf sich hier bis zu %2 bewegen; dieser Weg ergäbe %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="211"/>
        <source>%1 makes a free Movement of %2 (%3).</source>
        <translation>%1 macht eine freie Bewegung von %2 (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="212"/>
        <source>%1&apos;s ram</source>
        <translation>Rammstoß von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="213"/>
        <source>the collision with %1</source>
        <translation>der Zusammenstoß mit %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="214"/>
        <source>the Boarders&apos; sabotage</source>
        <translation>die Sabotage der Enterer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="217"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="218"/>
        <source>, %1 boxes</source>
        <translation>, %1 Kästchen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="219"/>
        <source>%1: %2 %3 -&gt; %4%5%6.</source>
        <translation>%1: %2 %3 -&gt; %4%5%6.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="221"/>
        <source>%1: Defense 0, its Countermeasures are damaged.</source>
        <translation>%1: Verteidigung 0, seine Gegenmaßnahmen sind beschädigt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="223"/>
        <source>Random Selection (%1): a %2, rolled again.</source>
        <translation>Zufallsauswahl (%1): eine %2, neu gewürfelt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="225"/>
        <source>Random Selection (%1): a %2 -&gt; %3.</source>
        <translation>Zufallsauswahl (%1): eine %2 -&gt; %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="226"/>
        <source>%1 is at 0 on %2</source>
        <translation>%1 steht bei %2 auf 0</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="228"/>
        <source>%1: %2 damaged, %3 of %4 boxes left (%5).</source>
        <translation>%1: %2 beschädigt, %3 von %4 Kästchen übrig (%5).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="229"/>
        <source>Precise [D%1]%2</source>
        <translation>Präzise [D%1]%2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="231"/>
        <source>%1: the Mass Driver&apos;s [D%2] causes a Critical Hit.</source>
        <translation>%1: das [D%2] des Massebeschleunigers verursacht einen Kritischen Treffer.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="233"/>
        <source>%1&apos;s Shield takes one damage off the %2%3.</source>
        <translation>Der Schild von %1 nimmt dem %2%3 einen Schaden ab.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="234"/>
        <source>a [Q%1] result%2</source>
        <translation>ein [Q%1]-Ergebnis%2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="235"/>
        <source>%1 is Destroyed (%2).</source>
        <translation>%1 ist zerstört (%2).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="237"/>
        <source>%1 has no %2 and no rating left: the damage goes to Structure.</source>
        <translation>%1 hat kein %2 und keinen Wert mehr: der Schaden geht auf die Struktur.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="240"/>
        <source>Particle Cannon on a redundant box</source>
        <translation>Partikelkanone auf ein redundantes Kästchen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="241"/>
        <source>Structure 0</source>
        <translation>Struktur 0</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="243"/>
        <source>%1 is Crippled (Structure 0).</source>
        <translation>%1 ist lahmgelegt (Struktur 0).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="245"/>
        <source>%1 would lose Structure below 0%2.</source>
        <translation>%1 würde Struktur unter 0 verlieren%2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="246"/>
        <source>Rating Damage: %1 (%2 -&gt; %3)</source>
        <translation>Wertschaden: %1 (%2 -&gt; %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="248"/>
        <source>System Trait Damage: %1 (%2 of %3 boxes left)</source>
        <translation>Systemeigenschaftsschaden: %1 (%2 von %3 Kästchen übrig)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="250"/>
        <source>Weapon Damage: %1 (%2 of %3 left)</source>
        <translation>Waffenschaden: %1 (%2 von %3 übrig)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="251"/>
        <source>Weapon Damage: %1</source>
        <translation>Waffenschaden: %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="252"/>
        <source>Marines (%1 -&gt; %2)</source>
        <translation>Marines (%1 -&gt; %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="254"/>
        <source>Critical Hit on %1: nothing left to damage, one more Structure damage instead.</source>
        <translation>Kritischer Treffer an %1: nichts mehr zu beschädigen, stattdessen ein weiterer Strukturschaden.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="257"/>
        <source>Critical Hit on %1: %2.</source>
        <translation>Kritischer Treffer an %1: %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="258"/>
        <source>Critical Hit</source>
        <translation>Kritischer Treffer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="259"/>
        <source>%1: %2 damaged.</source>
        <translation>%1: %2 beschädigt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="261"/>
        <source>%1 is Disrupted (hit by a Particle Cannon).</source>
        <translation>%1 ist gestört (von einer Partikelkanone getroffen).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="262"/>
        <source>Explode</source>
        <translation>Explosion</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="263"/>
        <source>Dead</source>
        <translation>Tot</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="264"/>
        <source>No Effect</source>
        <translation>Keine Wirkung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="267"/>
        <source>%1 rolls on the Catastrophic Damage Table: %2 + %3 systems at 0 = %4, %5.</source>
        <translation>%1 würfelt auf der Tabelle für Katastrophalen Schaden: %2 + %3 Systeme auf 0 = %4, %5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="270"/>
        <source>%1 was embarked on %2 and is placed at (%3, %4).</source>
        <translation>%1 war auf %2 eingeschifft und wird bei (%3, %4) aufgestellt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="271"/>
        <source>%1 is replaced with a %2&quot; Wreck.</source>
        <translation>%1 wird durch ein Wrack von %2&quot; ersetzt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="272"/>
        <source>lost in the explosion of %1</source>
        <translation>in der Explosion von %1 verloren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="275"/>
        <source>%1 is on the table%2.</source>
        <translation>%1 ist auf dem Tisch%2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="277"/>
        <source> (Structure %1, Defense %2, Marines %3, Hangers %4, 2x %5%6)</source>
        <translation> (Struktur %1, Verteidigung %2, Marines %3, Hangers %4, 2x %5%6)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="279"/>
        <source>, %1&apos;s</source>
        <translation>, gehört %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="280"/>
        <source> (Structure %1)</source>
        <translation> (Struktur %1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="282"/>
        <source>%1 starts its Movement with Speed %2%3 (%4).</source>
        <translation>%1 beginnt seine Bewegung mit Geschwindigkeit %2%3 (%4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="284"/>
        <source>%1 may not move into %2 (beyond the %3 table edge): a planet may not be overlapped or moved through</source>
        <translation>%1 darf sich nicht in %2 bewegen (jenseits der Tischkante %3): ein Planet darf weder überlappt noch durchquert werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="287"/>
        <source>%1 moves within 3&quot; of %2 (%3).</source>
        <translation>%1 bewegt sich innerhalb von 3&quot; um %2 (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="288"/>
        <source>%1 moves through %2 (%3).</source>
        <translation>%1 bewegt sich durch %2 (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="290"/>
        <source>%1 ends its movement overlapping %2 (Terrain › %3: AC:6).</source>
        <translation>%1 beendet seine Bewegung überlappend mit %2 (Terrain › %3: AC:6).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="293"/>
        <source>%1 finds no clear spot to avoid %2.</source>
        <translation>%1 findet keinen freien Platz, um %2 auszuweichen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="295"/>
        <source>%1 avoids %2 (Terrain): it is repositioned clear of it.</source>
        <translation>%1 weicht %2 aus (Gelände): es wird frei davon neu aufgestellt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="299"/>
        <source>the Mine token must be placed in base contact with %1 (it is %2 away%3)</source>
        <translation>der Minenmarker muss in Basenkontakt mit %1 gelegt werden (er ist %2 entfernt%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="301"/>
        <source>, overlapping</source>
        <translation>, überlappend</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="302"/>
        <source>the Mine token must be on the table</source>
        <translation>der Minenmarker muss auf dem Tisch liegen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="304"/>
        <source>Mine tokens must be at least 2&quot; apart; %1 is %2 away</source>
        <translation>Minenmarker müssen mindestens 2&quot; auseinander liegen; %1 ist %2 entfernt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="305"/>
        <source>%1 lays %2 at (%3, %4).</source>
        <translation>%1 legt %2 bei (%3, %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="307"/>
        <source>%1 moves 2d6 = %2 + %3 = %4&quot; (Terrain › Comets).</source>
        <translation>%1 bewegt sich 2d6 = %2 + %3 = %4&quot; (Terrain › Comets).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="308"/>
        <source>%1 is moved out of the way of %2.</source>
        <translation>%1 wird aus dem Weg von %2 geschoben.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="310"/>
        <source>Asteroid Field</source>
        <translation>Asteroidenfeld</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="311"/>
        <source>Atmosphere</source>
        <translation>Atmosphäre</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="312"/>
        <source>Comet</source>
        <translation>Komet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="313"/>
        <source>Large Asteroid</source>
        <translation>Großer Asteroid</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="314"/>
        <source>Mines</source>
        <translation>Minen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="315"/>
        <source>Particle Cloud</source>
        <translation>Partikelwolke</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="316"/>
        <source>Planet</source>
        <translation>Planet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="317"/>
        <source>Small Moon</source>
        <translation>Kleiner Mond</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="318"/>
        <source>Space Station</source>
        <translation>Raumstation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="319"/>
        <source>Wreck</source>
        <translation>Wrack</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="320"/>
        <source>Unidentified Object</source>
        <translation>Unidentifiziertes Objekt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="322"/>
        <source>Wreck of %1</source>
        <translation>Wrack von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="326"/>
        <source>in the Tail of %1</source>
        <translation>im Schweif von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="327"/>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="328"/>
        <source>within 3&quot; of %1</source>
        <translation>innerhalb von 3&quot; von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="329"/>
        <source>+2 starting on %1</source>
        <translation>+2, da die Bewegung auf %1 beginnt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="330"/>
        <source>-1 in %1</source>
        <translation>-1 in %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="331"/>
        <source>+2 with %1 in the Fore arc</source>
        <translation>+2 mit %1 im Bug-Feuerwinkel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="332"/>
        <source>-1 with %1 in the Aft arc</source>
        <translation>-1 mit %1 im Heck-Feuerwinkel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="335"/>
        <source>the top left quadrant</source>
        <translation>dem oberen linken Viertel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="336"/>
        <source>the top right quadrant</source>
        <translation>dem oberen rechten Viertel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="337"/>
        <source>the bottom right quadrant</source>
        <translation>dem unteren rechten Viertel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="338"/>
        <source>the bottom left quadrant</source>
        <translation>dem unteren linken Viertel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="339"/>
        <source>the centre of the table</source>
        <translation>der Tischmitte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="340"/>
        <source>the centre of %1</source>
        <translation>der Mitte von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="343"/>
        <source>%1 is placed at %2 (%3): %4&quot; across (1d6), Structure %5 (1d6), Hangers 2.</source>
        <translation>%1 wird in %2 aufgestellt (%3): %4&quot; Durchmesser (1d6), Struktur %5 (1d6), Hangers 2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="346"/>
        <source>Squadrons may be Embarked on %1 only while their player has Marines aboard it; %2 has none</source>
        <translation>Staffeln dürfen nur auf %1 eingeschifft sein, solange ihr Spieler Marines an Bord hat; %2 hat keine</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="351"/>
        <source>%1 Marines of %2 board %3 unopposed (%4): Marines aboard %5 %6, %7 %8.</source>
        <translation>%1 Marines von %2 entern %3 ohne Gegenwehr (%4): Marines an Bord %5 %6, %7 %8.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="354"/>
        <source>%1 launches from %2, searched: it carries an Intelligence Token (Scavenger Hunt › Retrieve Intelligence).</source>
        <translation>%1 startet vom durchsuchten %2: es trägt einen Geheimdienstmarker (Scavenger Hunt › Retrieve Intelligence).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="358"/>
        <source>%1 transfers its Intelligence Token to %2 (%3 aboard; Scavenger Hunt › Retrieve Intelligence).</source>
        <translation>%1 übergibt seinen Geheimdienstmarker an %2 (%3 an Bord; Scavenger Hunt › Retrieve Intelligence).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="362"/>
        <source>Firefight on %1: %2&apos;s %3 Marines and %4&apos;s %5 Engage (%6).</source>
        <translation>Feuergefecht auf %1: die %3 Marines von %2 und die %5 von %4 kämpfen (%6).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="364"/>
        <source>%1&apos;s Marines on %2 roll %3: %4: %5.</source>
        <translation>Die Marines von %1 auf %2 würfeln %3: %4: %5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="366"/>
        <source>The firefight on %1 costs %2 %3 Marines and %4 %5: %6 and %7 left.</source>
        <translation>Das Feuergefecht auf %1 kostet %2 %3 Marines und %4 %5: %6 und %7 übrig.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="369"/>
        <source>%1 has %2 more Marines aboard %3: %4 (%5 in all; Scavenger Hunt › Search a UIO).</source>
        <translation>%1 hat %2 Marines mehr an Bord von %3: %4 (%5 insgesamt; Scavenger Hunt › Search a UIO).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="372"/>
        <source>%1 Search token</source>
        <translation>%1 Suchmarker</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="373"/>
        <source>%1 Search tokens</source>
        <translation>%1 Suchmarker</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="376"/>
        <source>%1 has searched %2: a Squadron launching from it carries Intelligence.</source>
        <translation>%1 hat %2 durchsucht: eine Staffel, die davon startet, trägt Geheimdienstinformationen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="379"/>
        <source>%1 must Launch from %2 but finds no room: it stays Embarked.</source>
        <translation>%1 muss von %2 starten, findet aber keinen Platz: es bleibt eingeschifft.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="382"/>
        <source>%1 has no Marines aboard %2: %3 takes a free Launch (%4).</source>
        <translation>%1 hat keine Marines an Bord von %2: %3 startet kostenlos (%4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="385"/>
        <source>%1&apos;s Intelligence Token is lost with it.</source>
        <translation>Der Geheimdienstmarker von %1 geht mit ihm verloren.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="388"/>
        <source>%1 has no Comet to place</source>
        <translation>%1 hat keinen Kometen zum Aufstellen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="390"/>
        <source>the Defender places the Comet in the first Deployment Phase, before any model is deployed</source>
        <translation>der Verteidiger stellt den Kometen in der ersten Aufstellungsphase auf, bevor ein Modell aufgestellt wird</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="394"/>
        <source>the Defender (%1) places the Comet</source>
        <translation>der Verteidiger (%1) stellt den Kometen auf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="396"/>
        <source>the Body of a Comet is 2-4&quot; across, not %1</source>
        <translation>der Kern eines Kometen hat 2-4&quot; Durchmesser, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="398"/>
        <source>the Defender deploys the Comet in their deployment zone: its Body at (%1, %2) is not wholly within %3&apos;s Deployment Zone (the 12&quot; strip along the %4 edge)</source>
        <translation>der Verteidiger stellt den Kometen in seiner Aufstellungszone auf: sein Kern bei (%1, %2) liegt nicht ganz in der Aufstellungszone von %3 (dem 12&quot;-Streifen entlang der %4 Kante)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="402"/>
        <source>bottom</source>
        <translation>unteren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="403"/>
        <source>top</source>
        <translation>oberen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="405"/>
        <source>the Tail is a polygon of at least 3 points</source>
        <translation>der Schweif ist ein Vieleck aus mindestens 3 Punkten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="406"/>
        <source>place the Tail touching the Body</source>
        <translation>den Schweif so legen, dass er den Kern berührt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="407"/>
        <source>the Tail must stay on the table</source>
        <translation>der Schweif muss auf dem Tisch bleiben</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="409"/>
        <source>%1 places the Stationary Comet at (%2, %3), %4 across (%5).</source>
        <translation>%1 stellt den ortsfesten Kometen bei (%2, %3) auf, %4 Durchmesser (%5).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="411"/>
        <source>%1 has no water to carry</source>
        <translation>%1 hat kein Wasser zu transportieren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="412"/>
        <source>units of water are counted from 0</source>
        <translation>Wassereinheiten werden ab 0 gezählt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="414"/>
        <source>water is distributed during the first Deployment Phase; %1 deploys in turn %2</source>
        <translation>Wasser wird in der ersten Aufstellungsphase verteilt; %1 wird in Runde %2 aufgestellt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="418"/>
        <source>only the Defender distributes water across their Fleet</source>
        <translation>nur der Verteidiger verteilt Wasser auf seine Flotte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="421"/>
        <source>%1 may not be issued water: only Capital Ships and Exo-Armor squadrons carry it</source>
        <translation>%1 darf kein Wasser erhalten: nur Großkampfschiffe und Exo-Armor-Staffeln transportieren es</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="425"/>
        <source>Capital Ships may be issued a max of 5 water units; %1 is given %2</source>
        <translation>Großkampfschiffe dürfen höchstens 5 Wassereinheiten erhalten; %1 erhält %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="428"/>
        <source>Exo-Armor Squadrons may be issued 1 water unit if not Embarked; %1 is given %2</source>
        <translation>Exo-Armor-Staffeln dürfen 1 Wassereinheit erhalten, wenn sie nicht eingeschifft sind; %1 erhält %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="433"/>
        <source>the Defender distributes 10 units of water: %1 are issued already, %2 more would make %3</source>
        <translation>der Verteidiger verteilt 10 Wassereinheiten: %1 sind schon ausgegeben, %2 weitere ergäben %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="436"/>
        <source>%1 carries %2 unit(s) of water.</source>
        <translation>%1 transportiert %2 Wassereinheit(en).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="439"/>
        <source>the Defender must distribute %1 units of water across their Fleet when deploying it: %2 issued, and the models left to deploy could carry only %3 more (Capital Ships 5, Exo-Armor squadrons 1 if not Embarked)</source>
        <translation>der Verteidiger muss beim Aufstellen %1 Wassereinheiten auf seine Flotte verteilen: %2 ausgegeben, und die noch aufzustellenden Modelle könnten nur %3 weitere transportieren (Großkampfschiffe 5, Exo-Armor-Staffeln 1, wenn nicht eingeschifft)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="445"/>
        <source>only Water Raid&apos;s Comet may be mined; the target of an Assault is an enemy Capital Ship</source>
        <translation>nur der Komet von Water Raid darf abgebaut werden; das Ziel eines Sturmangriffs ist ein feindliches Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="448"/>
        <source>terrain %1 is not the Comet</source>
        <translation>Gelände %1 ist nicht der Komet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="450"/>
        <source>the Defender mines the Comet, not %1</source>
        <translation>der Verteidiger baut den Kometen ab, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="452"/>
        <source>%1 cannot reach the Comet: it is %2 away, %3 of movement left</source>
        <translation>%1 kann den Kometen nicht erreichen: er ist %2 entfernt, %3 Bewegung übrig</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="455"/>
        <source>Exo-Armor Squadrons may carry a max of 3 water units; %1 carries %2</source>
        <translation>Exo-Armor-Staffeln dürfen höchstens 3 Wassereinheiten transportieren; %1 transportiert %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="458"/>
        <source>the Exo-Armor Squadron may only use its Lance to attack: %1 has no working Lance</source>
        <translation>die Exo-Armor-Staffel darf nur mit ihrer Lanze angreifen: %1 hat keine funktionierende Lanze</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="461"/>
        <source>%1 has no Fire Control left</source>
        <translation>%1 hat keine Feuerleitung mehr</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="462"/>
        <source>%1 Assaults the Comet to mine it.</source>
        <translation>%1 stürmt den Kometen, um ihn abzubauen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="464"/>
        <source>%1&apos;s mining of the Comet is broken up.</source>
        <translation>Der Abbau des Kometen durch %1 wird zerschlagen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="466"/>
        <source>The Comet&apos;s hazards (Defense %1) on %2: %3 -&gt; %4.</source>
        <translation>Die Gefahren des Kometen (Verteidigung %1) gegen %2: %3 -&gt; %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="468"/>
        <source>%1 is driven off by the Comet&apos;s hazards.</source>
        <translation>%1 wird von den Gefahren des Kometen vertrieben.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="470"/>
        <source>%1 mines the Comet with its %2: %3: %4 -&gt; %5.</source>
        <translation>%1 baut den Kometen mit seiner Waffe %2 ab: %3: %4 -&gt; %5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="471"/>
        <source>%1 mines %2 unit(s) of water (%3 aboard).</source>
        <translation>%1 baut %2 Wassereinheit(en) ab (%3 an Bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="472"/>
        <source>%1 mines no water.</source>
        <translation>%1 baut kein Wasser ab.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="475"/>
        <source>%1 forfeits a unit of water and gains the Fuel Pods trait (%2 aboard).</source>
        <translation>%1 gibt eine Wassereinheit auf und erhält die Eigenschaft Fuel Pods (%2 an Bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="478"/>
        <source>%1 transfers %2 unit(s) of water to %3 (%4 aboard).</source>
        <translation>%1 übergibt %2 Wassereinheit(en) an %3 (%4 an Bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="480"/>
        <source>%1 takes %2 unit(s) of water from %3 (%4 aboard, %5 left on %3).</source>
        <translation>%1 nimmt %2 Wassereinheit(en) von %3 (%4 an Bord, %5 auf %3 übrig).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="482"/>
        <source>%1&apos;s %2 unit(s) of water are lost with it.</source>
        <translation>Die %2 Wassereinheit(en) von %1 gehen mit ihm verloren.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="483"/>
        <source>the Comet&apos;s hazards</source>
        <translation>die Gefahren des Kometen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="488"/>
        <source>the scripted dice ran out before the game could start</source>
        <translation>die vorgegebenen Würfel gingen aus, bevor das Spiel beginnen konnte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="489"/>
        <source>the scripted dice ran out</source>
        <translation>die vorgegebenen Würfel gingen aus</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="492"/>
        <source>Random Selection for Attacker and Defender: a %1, %2 is the Attacker and has Initiative.</source>
        <translation>Zufallsauswahl für Angreifer und Verteidiger: eine %1, %2 ist der Angreifer und hat die Initiative.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="496"/>
        <source>Random Selection for Initiative: a %1, %2 has Initiative.</source>
        <translation>Zufallsauswahl für die Initiative: eine %1, %2 hat die Initiative.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="498"/>
        <source>Game Turn %1 begins.</source>
        <translation>Spielrunde %1 beginnt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="499"/>
        <source>the game is over</source>
        <translation>das Spiel ist vorbei</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="500"/>
        <source>answer first: %1</source>
        <translation>zuerst antworten: %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="502"/>
        <source>option %1 does not exist (0 to %2)</source>
        <translation>Option %1 gibt es nicht (0 bis %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="503"/>
        <source>&quot;%1&quot; needs the path %2 moves along</source>
        <translation>„%1“ braucht den Pfad, den %2 entlangzieht</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="504"/>
        <source>&quot;%1&quot; is not a movement: no path</source>
        <translation>„%1“ ist keine Bewegung: kein Pfad</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="505"/>
        <source>no decision is waiting</source>
        <translation>keine Entscheidung steht aus</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="506"/>
        <source>Activation Phase of turn %1.</source>
        <translation>Aktivierungsphase der Runde %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="508"/>
        <source>models activate in the Activation Phase</source>
        <translation>Modelle werden in der Aktivierungsphase aktiviert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="510"/>
        <source>%1 must complete its activation first</source>
        <translation>%1 muss zuerst seine Aktivierung abschließen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="511"/>
        <source>no model %1</source>
        <translation>kein Modell %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="512"/>
        <source>%1 is not under %2&apos;s command</source>
        <translation>%1 steht nicht unter dem Befehl von %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="514"/>
        <source>%1 is terrain: it does not activate</source>
        <translation>%1 ist Gelände: es wird nicht aktiviert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="515"/>
        <source>%1 has already activated this turn</source>
        <translation>%1 wurde in dieser Runde bereits aktiviert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="516"/>
        <source>no action &apos;%1&apos;</source>
        <translation>keine Aktion „%1“</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="517"/>
        <source>%1 activates %2.</source>
        <translation>%1 aktiviert %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="519"/>
        <source>%1 activates %2 and declares %3.</source>
        <translation>%1 aktiviert %2 und sagt %3 an.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="521"/>
        <source>Which arc does %1&apos;s Sensor Drone support (Sensors +1)?</source>
        <translation>Welchen Bereich unterstützt die Sensor Drone von %1 (Sensoren +1)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="523"/>
        <source>Fore</source>
        <translation>Bug</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="524"/>
        <source>Port</source>
        <translation>Backbord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="525"/>
        <source>Starboard</source>
        <translation>Steuerbord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="526"/>
        <source>Aft</source>
        <translation>Heck</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="527"/>
        <source>None</source>
        <translation>Keinen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="529"/>
        <source>%1&apos;s Sensor Drone: Sensors +1 in its %2 arc.</source>
        <translation>Sensor Drone von %1: Sensoren +1 in seinem Bereich %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="531"/>
        <source>%1&apos;s %2 is lost to the Interception.</source>
        <translation>%2 von %1 geht durch das Abfangen verloren.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="533"/>
        <source>Does %1 use its Fuel Pods (once per game: +2 Fuel)?</source>
        <translation>Setzt %1 seine Fuel Pods ein (einmal pro Spiel: +2 Treibstoff)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="534"/>
        <source>Not now</source>
        <translation>Jetzt nicht</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="535"/>
        <source>Use them: +2 Fuel and a Boost</source>
        <translation>Einsetzen: +2 Treibstoff und ein Schub</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="537"/>
        <source>Use them: +2 Fuel and avoid Return to Base once</source>
        <translation>Einsetzen: +2 Treibstoff und einmal die Rückkehr zur Basis vermeiden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="538"/>
        <source>%1 uses its Fuel Pods: +2 Fuel.</source>
        <translation>%1 setzt seine Fuel Pods ein: +2 Treibstoff.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="539"/>
        <source>How hard does %1 boost?</source>
        <translation>Wie stark beschleunigt %1?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="540"/>
        <source>Double Speed (1 Fuel)</source>
        <translation>Doppelte Geschwindigkeit (1 Treibstoff)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="541"/>
        <source>Triple Speed (2 Fuel)</source>
        <translation>Dreifache Geschwindigkeit (2 Treibstoff)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="542"/>
        <source>%1 boosts: Speed x%2.</source>
        <translation>%1 beschleunigt: Geschwindigkeit x%2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="544"/>
        <source>%1&apos;s Fuel Pods spare it the Return to Base.</source>
        <translation>Die Fuel Pods von %1 ersparen ihm die Rückkehr zur Basis.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="546"/>
        <source>%1 does something out of sight (secret information).</source>
        <translation>%1 tut etwas außer Sicht (geheime Information).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="548"/>
        <source>%1 must move at least %2 (Speed %3 - Thrusters %4); it moved %5</source>
        <translation>%1 muss sich mindestens %2 bewegen (Geschwindigkeit %3 - Triebwerke %4); es hat sich %5 bewegt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="551"/>
        <source>%1 keeps Assaulting %2: placed in base contact again.</source>
        <translation>%1 setzt den Sturmangriff auf %2 fort: wieder in Basenkontakt aufgestellt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="553"/>
        <source>%1 finds no room on %2 and Returns to Base.</source>
        <translation>%1 findet keinen Platz an %2 und kehrt zur Basis zurück.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="554"/>
        <source>%1 ends its activation.</source>
        <translation>%1 beendet seine Aktivierung.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="555"/>
        <source>End Phase of turn %1.</source>
        <translation>Endphase der Runde %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="556"/>
        <source>%1 is no longer Disrupted.</source>
        <translation>%1 ist nicht mehr gestört.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="557"/>
        <source>%1 is no longer Evading.</source>
        <translation>%1 weicht nicht mehr aus.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="559"/>
        <source>%1 is no longer Station Keeping.</source>
        <translation>%1 hält nicht mehr Position.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="560"/>
        <source>%1 is no longer Stealthed.</source>
        <translation>%1 ist nicht mehr getarnt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="563"/>
        <source>The game is over after turn %1: %2 (Objective Points %3–%4, Victory Points %5–%6).</source>
        <translation>Das Spiel ist nach Runde %1 vorbei: %2 (Missionspunkte %3–%4, Siegpunkte %5–%6).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="566"/>
        <source>a draw</source>
        <translation>ein Unentschieden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="567"/>
        <source>%1 wins</source>
        <translation>%1 gewinnt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="571"/>
        <source>%1 must be within 3&quot; of one of %2&apos;s Beacon markers</source>
        <translation>%1 muss innerhalb von 3&quot; um einen der Beacon-Marker von %2 stehen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="573"/>
        <source>%1 must be wholly within %2&apos;s quadrant</source>
        <translation>%1 muss vollständig im Viertel von %2 stehen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="575"/>
        <source>%1 must be wholly within %2&apos;s Deployment Zone (the 12&quot; strip along the %3 edge)</source>
        <translation>%1 muss vollständig in der Aufstellungszone von %2 stehen (dem 12&quot;-Streifen entlang der Kante %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="579"/>
        <source>%1 may not end in base contact with or overlapping %2</source>
        <translation>%1 darf nicht in Basenkontakt mit %2 oder überlappend mit ihm enden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="581"/>
        <source>models are deployed in the Deployment Phase</source>
        <translation>Modelle werden in der Aufstellungsphase aufgestellt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="582"/>
        <source>%1 is not %2&apos;s to deploy</source>
        <translation>%1 darf nicht von %2 aufgestellt werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="584"/>
        <source>the Defender places the Comet before any model is deployed</source>
        <translation>der Verteidiger stellt den Kometen auf, bevor ein Modell aufgestellt wird</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="586"/>
        <source>%1 is not In Reserve</source>
        <translation>%1 ist nicht in Reserve</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="587"/>
        <source>%1 deploys %2 at (%3, %4) facing %5°.</source>
        <translation>%1 stellt %2 bei (%3, %4) mit Ausrichtung %5° auf.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="589"/>
        <source>models are deployed Embarked in the Deployment Phase; later, with the Land action</source>
        <translation>Modelle werden in der Aufstellungsphase eingeschifft aufgestellt; später mit der Aktion Landen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="592"/>
        <source>no such model</source>
        <translation>kein solches Modell</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="593"/>
        <source>%1 may not be deployed now</source>
        <translation>%1 darf jetzt nicht aufgestellt werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="595"/>
        <source>Capital Ships may not be Embarked at deployment</source>
        <translation>Großkampfschiffe dürfen bei der Aufstellung nicht eingeschifft werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="597"/>
        <source>Squadrons may not be Embarked in the first Deployment Phase</source>
        <translation>Staffeln dürfen in der ersten Aufstellungsphase nicht eingeschifft werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="601"/>
        <source>Squadrons may be Embarked only on Capital Ships deployed in this Phase; %1 was not</source>
        <translation>Staffeln dürfen nur auf Großkampfschiffen eingeschifft werden, die in dieser Phase aufgestellt wurden; %1 wurde es nicht</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="605"/>
        <source>%1 must embark on a friendly model on the table</source>
        <translation>%1 muss sich auf einem befreundeten Modell auf dem Tisch einschiffen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="606"/>
        <source>%1&apos;s Hangers are full (%2 of %3)</source>
        <translation>Die Hangers von %1 sind voll (%2 von %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="607"/>
        <source>%1 deploys %2 Embarked on %3.</source>
        <translation>%1 stellt %2 eingeschifft auf %3 auf.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="608"/>
        <source>there is nothing to decline</source>
        <translation>es gibt nichts abzulehnen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="610"/>
        <source>the Beacon markers are placed first</source>
        <translation>zuerst werden die Beacon-Marker platziert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="612"/>
        <source>players deploy all their Capital Ships first</source>
        <translation>die Spieler stellen zuerst alle ihre Großkampfschiffe auf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="614"/>
        <source>players deploy one Capital Ship each first</source>
        <translation>die Spieler stellen zuerst je ein Großkampfschiff auf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="616"/>
        <source>with Fleet Deployment at least one model must be deployed within 3&quot; of each Beacon marker: %1 of %2&apos;s have none</source>
        <translation>bei Fleet Deployment muss innerhalb von 3&quot; um jeden Beacon-Marker mindestens ein Modell aufgestellt werden: %1 der Marker von %2 haben keines</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="619"/>
        <source>%1 declines to deploy.</source>
        <translation>%1 verzichtet auf die Aufstellung.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="620"/>
        <source>Deployment Phase of turn %1.</source>
        <translation>Aufstellungsphase der Runde %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="622"/>
        <source>%1 is an Escort: it deploys with the Squadrons (Traits › Escort)</source>
        <translation>%1 ist ein Escort: es wird mit den Staffeln aufgestellt (Traits › Escort)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="625"/>
        <source>the scenario&apos;s set-up and Beacon markers come first</source>
        <translation>zuerst kommen der Szenarioaufbau und die Beacon-Marker</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="627"/>
        <source>%1 declined to deploy until the next Deployment Phase</source>
        <translation>%1 hat bis zur nächsten Aufstellungsphase auf die Aufstellung verzichtet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="629"/>
        <source>one Capital Ship each in the first Deployment Phase</source>
        <translation>je ein Großkampfschiff in der ersten Aufstellungsphase</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="631"/>
        <source>%1 may not be deployed now: one Capital Ship each first, then two Squadrons each</source>
        <translation>%1 darf jetzt nicht aufgestellt werden: zuerst je ein Großkampfschiff, dann je zwei Staffeln</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="636"/>
        <source>%1 may not be deployed now: the Capital Ships of the first Deployment Phase are deployed</source>
        <translation>%1 darf jetzt nicht aufgestellt werden: die Großkampfschiffe der ersten Aufstellungsphase sind aufgestellt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="640"/>
        <source>two Squadrons each in the first Deployment Phase</source>
        <translation>je zwei Staffeln in der ersten Aufstellungsphase</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="643"/>
        <source>%1 may not be deployed now: all Capital Ships deploy first, then Squadrons</source>
        <translation>%1 darf jetzt nicht aufgestellt werden: zuerst werden alle Großkampfschiffe aufgestellt, dann die Staffeln</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="647"/>
        <source>with Fleet Deployment at least one model must be deployed within 3&quot; of each Beacon marker: %1 marker(s) would have none and %2 model(s) are left</source>
        <translation>bei Fleet Deployment muss innerhalb von 3&quot; um jeden Beacon-Marker mindestens ein Modell aufgestellt werden: %1 Marker hätte(n) keines und %2 Modell(e) sind übrig</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="651"/>
        <source>The Capital Ships are deployed; now the Squadrons.</source>
        <translation>Die Großkampfschiffe sind aufgestellt; nun die Staffeln.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="655"/>
        <source>Concentrated Fire</source>
        <translation>Konzentriertes Feuer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="656"/>
        <source>Evade</source>
        <translation>Ausweichen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="657"/>
        <source>Initiate Boarding</source>
        <translation>Entern einleiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="658"/>
        <source>Land</source>
        <translation>Landen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="659"/>
        <source>Launch</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="660"/>
        <source>Lock On</source>
        <translation>Zielerfassung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="661"/>
        <source>Ramming Speed</source>
        <translation>Rammgeschwindigkeit</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="662"/>
        <source>Vector Attack</source>
        <translation>Vektorangriff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="663"/>
        <source>Withdraw</source>
        <translation>Rückzug</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="664"/>
        <source>Boost</source>
        <translation>Schub</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="665"/>
        <source>Initiate Assault</source>
        <translation>Sturmangriff einleiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="666"/>
        <source>Initiate Bombing</source>
        <translation>Bombenangriff einleiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="667"/>
        <source>Interception</source>
        <translation>Abfangen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="668"/>
        <source>Damage Control</source>
        <translation>Schadenskontrolle</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="669"/>
        <source>Engage Point Defense</source>
        <translation>Punktverteidigung einsetzen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="670"/>
        <source>Long Range Sensors</source>
        <translation>Langstreckensensoren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="671"/>
        <source>Lay Mines</source>
        <translation>Minen legen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="672"/>
        <source>Purge Airlocks</source>
        <translation>Luftschleusen leeren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="673"/>
        <source>Reorient</source>
        <translation>Neu ausrichten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="674"/>
        <source>Silent Running</source>
        <translation>Schleichfahrt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="675"/>
        <source>Station Keep</source>
        <translation>Position halten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="676"/>
        <source>Tug</source>
        <translation>Schleppen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="677"/>
        <source>Tender Transfer</source>
        <translation>Tender-Transfer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="678"/>
        <source>Search for Escape Pods</source>
        <translation>Rettungskapseln suchen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="681"/>
        <source>only Squadrons may declare %1</source>
        <translation>nur Staffeln dürfen %1 ansagen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="683"/>
        <source>only Capital Ships may declare %1</source>
        <translation>nur Großkampfschiffe dürfen %1 ansagen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="685"/>
        <source>%1 may only declare Damage Control (Repair) or Withdraw</source>
        <translation>%1 darf nur Schadenskontrolle (Reparatur) oder Rückzug ansagen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="689"/>
        <source>%1 is Returning to Base: it may only declare Boost, Evade, Withdraw or Vector Attack</source>
        <translation>%1 kehrt zur Basis zurück: es darf nur Schub, Ausweichen, Rückzug oder Vektorangriff ansagen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="692"/>
        <source>%1 has no %2 trait</source>
        <translation>%1 hat keine Eigenschaft %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="694"/>
        <source>only Capital Ships or Squadrons with the Comms trait may declare Vector Attack</source>
        <translation>nur Großkampfschiffe oder Staffeln mit der Eigenschaft Comms dürfen Vektorangriff ansagen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="697"/>
        <source>requires Sensors 1+</source>
        <translation>erfordert Sensoren 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="699"/>
        <source>a model with the Sluggish trait may not Evade</source>
        <translation>ein Modell mit der Eigenschaft Sluggish darf nicht ausweichen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="701"/>
        <source>requires Thrusters 1+ or Fuel 2+</source>
        <translation>erfordert Triebwerke 1+ oder Treibstoff 2+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="702"/>
        <source>requires Thrusters 1+</source>
        <translation>erfordert Triebwerke 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="704"/>
        <source>%1 must have only 1 Structure left to ram (it has %2)</source>
        <translation>%1 darf zum Rammen nur noch 1 Struktur haben (es hat %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="705"/>
        <source>requires Defense 1+</source>
        <translation>erfordert Verteidigung 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="706"/>
        <source>requires a working Minelayer trait</source>
        <translation>erfordert eine funktionierende Eigenschaft Minelayer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="707"/>
        <source>requires Fire Control 2+</source>
        <translation>erfordert Feuerleitung 2+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="708"/>
        <source>requires Fuel 1+</source>
        <translation>erfordert Treibstoff 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="710"/>
        <source>requires Defense 1+, Sensors 1+ and Thrusters 1+</source>
        <translation>erfordert Verteidigung 1+, Sensoren 1+ und Triebwerke 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="711"/>
        <source>only an Exo-Armor may Assault</source>
        <translation>nur ein Exo-Armor darf einen Sturmangriff machen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="712"/>
        <source>requires Marines 1+</source>
        <translation>erfordert Marines 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="714"/>
        <source>Boarding actions may not be attempted until turn %1</source>
        <translation>Enteraktionen dürfen erst ab Runde %1 versucht werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="716"/>
        <source>%1 is Boarded: a Boarded ship may not Initiate Boarding (%2)</source>
        <translation>%1 ist geentert: ein geentertes Schiff darf kein Entern einleiten (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="719"/>
        <source>%1 is an action of another scenario, not of %2</source>
        <translation>%1 ist eine Aktion eines anderen Szenarios, nicht von %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="721"/>
        <source>%1 searches from the table, not Embarked</source>
        <translation>%1 sucht vom Tisch aus, nicht eingeschifft</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="724"/>
        <source>%1 may not Withdraw until reduced to Structure %2 or less (it has %3)</source>
        <translation>%1 darf sich erst zurückziehen, wenn es auf Struktur %2 oder weniger gesunken ist (es hat %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="727"/>
        <source>the Defender may not withdraw Capital Ships until turn %1</source>
        <translation>der Verteidiger darf Großkampfschiffe erst ab Runde %1 zurückziehen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="729"/>
        <source>%1 is not Boarded</source>
        <translation>%1 ist nicht geentert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="731"/>
        <source>%1 is Assaulting: it must declare Initiate Bombing (rules %2)</source>
        <translation>%1 führt einen Sturmangriff: es muss Bombenangriff einleiten ansagen (Regeln %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="736"/>
        <source>%1 makes a Skill Test for %2: %3: %4.</source>
        <translation>%1 legt eine Fertigkeitsprobe für %2 ab: %3: %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="738"/>
        <source>Bombing after an Interception</source>
        <translation>Bombardierung nach einem Abfangen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="739"/>
        <source>%1 is Evading.</source>
        <translation>%1 weicht aus.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="740"/>
        <source>%1 is Station Keeping (Speed 0).</source>
        <translation>%1 hält Position (Geschwindigkeit 0).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="741"/>
        <source>%1 is Stealthed.</source>
        <translation>%1 ist getarnt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="742"/>
        <source>%1 fails to go silent.</source>
        <translation>%1 gelingt die Schleichfahrt nicht.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="744"/>
        <source>%1 is Sluggish: it makes two Reorient turns at the end of its move instead of one.</source>
        <translation>%1 ist träge (Sluggish): Es macht am Ende seiner Bewegung zwei Wenden für Neu ausrichten statt einer.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="748"/>
        <source>%1 may turn to face any direction this activation.</source>
        <translation>%1 darf sich in dieser Aktivierung in jede Richtung drehen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="750"/>
        <source>%1 may make one turn more than its Turns rating.</source>
        <translation>%1 darf eine Wende mehr machen, als sein Wendewert erlaubt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="751"/>
        <source>Double Speed (%1&quot;, 1 Fuel)</source>
        <translation>Doppelte Geschwindigkeit (%1&quot;, 1 Treibstoff)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="752"/>
        <source>Triple Speed (%1&quot;, 2 Fuel)</source>
        <translation>Dreifache Geschwindigkeit (%1&quot;, 2 Treibstoff)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="753"/>
        <source>%1 boosts: Speed x%2 for %3 Fuel.</source>
        <translation>%1 beschleunigt: Geschwindigkeit x%2 für %3 Treibstoff.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="755"/>
        <source>%1 purges its airlocks: Boarders %2 -&gt; %3.</source>
        <translation>%1 leert seine Luftschleusen: Enterer %2 -&gt; %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="756"/>
        <source>%1 finds no escape pods.</source>
        <translation>%1 findet keine Rettungskapseln.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="758"/>
        <source>%1 finds %2 escape pod(s) and takes them aboard (%3 aboard).</source>
        <translation>%1 findet %2 Rettungskapsel(n) und nimmt sie an Bord (%3 an Bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="760"/>
        <source>Repair of %1: %2: %3: %4.</source>
        <translation>Reparatur von %1: %2: %3: %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="761"/>
        <source>%1 (%2 now)</source>
        <translation>%1 (jetzt %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="762"/>
        <source>Which Rating of %1 is repaired?</source>
        <translation>Welcher Wert von %1 wird repariert?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="763"/>
        <source>%1: %2 repaired (%3).</source>
        <translation>%1: %2 repariert (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="764"/>
        <source>Two Rating repairs</source>
        <translation>Zwei Wertreparaturen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="765"/>
        <source>Weapon: %1</source>
        <translation>Waffe: %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="766"/>
        <source>System Trait: %1</source>
        <translation>Systemeigenschaft: %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="767"/>
        <source>What does the Repair fix on %1?</source>
        <translation>Was repariert die Reparatur an %1?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="768"/>
        <source>%1: %2 repaired.</source>
        <translation>%1: %2 repariert.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="769"/>
        <source>How is %1 repaired?</source>
        <translation>Wie wird %1 repariert?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="770"/>
        <source>Two [D] repairs</source>
        <translation>Zwei [D]-Reparaturen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="771"/>
        <source>One Structure</source>
        <translation>Eine Struktur</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="772"/>
        <source>%1: one Structure repaired.</source>
        <translation>%1: eine Struktur repariert.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="773"/>
        <source>%1 is no longer Crippled.</source>
        <translation>%1 ist nicht mehr lahmgelegt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="774"/>
        <source>%1: %2 Structure repaired (%3).</source>
        <translation>%1: %2 Struktur repariert (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="775"/>
        <source>%1 takes no %2</source>
        <translation>%1 nimmt kein(e) %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="776"/>
        <source>this activation</source>
        <translation>diese Aktivierung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="777"/>
        <source>point (at)</source>
        <translation>Punkt (at)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="778"/>
        <source>target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="779"/>
        <source>terrain</source>
        <translation>Gelände</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="781"/>
        <source>%1 is off the table until it Launches</source>
        <translation>%1 ist bis zum Start nicht auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="783"/>
        <source>give where the Mine token goes (at: [x, y])</source>
        <translation>geben Sie an, wohin der Minenmarker kommt (at: [x, y])</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="784"/>
        <source>%1 declared no Action</source>
        <translation>%1 hat keine Aktion angesagt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="786"/>
        <source>%1 is resolved when it is declared</source>
        <translation>%1 wird beim Ansagen abgehandelt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="788"/>
        <source>the %1 has been resolved already</source>
        <translation>%1 wurde bereits abgehandelt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="789"/>
        <source>%1 needs a target Capital Ship</source>
        <translation>%1 braucht ein Großkampfschiff als Ziel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="791"/>
        <source>the target must be an enemy Squadron on the table</source>
        <translation>das Ziel muss eine feindliche Staffel auf dem Tisch sein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="793"/>
        <source>the target must be an enemy model on the table</source>
        <translation>das Ziel muss ein feindliches Modell auf dem Tisch sein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="795"/>
        <source>the target must be an enemy Capital Ship on the table</source>
        <translation>das Ziel muss ein feindliches Großkampfschiff auf dem Tisch sein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="797"/>
        <source>%1 engages its Point Defense against %2 squadron(s) within 3&quot;.</source>
        <translation>%1 setzt seine Punktverteidigung gegen %2 Staffel(n) innerhalb von 3&quot; ein.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="800"/>
        <source>%1 must be 6&quot; from enemy models; %2 is %3 away</source>
        <translation>%1 muss 6&quot; von feindlichen Modellen entfernt sein; %2 ist %3 entfernt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="804"/>
        <source>%1 fails to Withdraw.</source>
        <translation>%1 gelingt der Rückzug nicht.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="805"/>
        <source>%1 Withdraws.</source>
        <translation>%1 zieht sich zurück.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="806"/>
        <source>%1 Withdraws with it.</source>
        <translation>%1 zieht sich mit ihm zurück.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="808"/>
        <source>%1 cannot make its minimum move on the table: it leaves the table and is Withdrawn.</source>
        <translation>%1 kann seine Mindestbewegung nicht auf dem Tisch machen: Es verlässt den Tisch und ist zurückgezogen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="812"/>
        <source>%1 vectors %2 Squadron(s) (%3 in Sensor Range).</source>
        <translation>%1 lenkt %2 Staffel(n) (%3 in Sensorreichweite).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="814"/>
        <source>Vector Attack: which Squadron moves up to 3&quot; (%1 more)?</source>
        <translation>Vektorangriff: Welche Staffel bewegt sich bis zu 3&quot; (noch %1)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="817"/>
        <source>Move %1</source>
        <translation>%1 bewegen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="818"/>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="820"/>
        <source>the Tug moves a friendly model with the Static trait</source>
        <translation>der Schlepper bewegt ein befreundetes Modell mit der Eigenschaft Static</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="821"/>
        <source>%1 must be within 3&quot; of %2 (%3 away)</source>
        <translation>%1 muss innerhalb von 3&quot; von %2 sein (%3 entfernt)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="822"/>
        <source>%1 has been moved 3&quot; this turn already</source>
        <translation>%1 wurde in diesem Zug bereits 3&quot; bewegt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="823"/>
        <source>%1 tows %2 %3 towards itself.</source>
        <translation>%1 schleppt %2 %3 zu sich heran.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="825"/>
        <source>the Tender transfers to another friendly ship on the table</source>
        <translation>der Tender überträgt an ein anderes befreundetes Schiff auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="828"/>
        <source>%1 has nothing %2 can transfer: no lost Marines, no damaged trait that %2 has boxes of</source>
        <translation>%1 hat nichts, was %2 übertragen kann: keine verlorenen Marines, keine beschädigte Eigenschaft, von der %2 Kästchen hat</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="832"/>
        <source>Marines: 1 (%1 has %2, %3 has %4 of %5)</source>
        <translation>Marines: 1 (%1 hat %2, %3 hat %4 von %5)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="833"/>
        <source>%1: a box</source>
        <translation>%1: ein Kästchen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="834"/>
        <source>What does %1 transfer to %2?</source>
        <translation>Was überträgt %1 an %2?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="835"/>
        <source>a Marine</source>
        <translation>einen Marine</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="836"/>
        <source>a %1 box</source>
        <translation>ein Kästchen %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="837"/>
        <source>%1 transfers %2 to %3.</source>
        <translation>%1 überträgt %2 an %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="840"/>
        <source>%1: %2&apos;s Skill</source>
        <translation>%1: Fertigkeit von %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="841"/>
        <source>%1 AS as AC (Assault)</source>
        <translation>%1 AS als AC (Sturmangriff)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="842"/>
        <source>%1 AC</source>
        <translation>%1 AC</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="843"/>
        <source>%1 AS</source>
        <translation>%1 AS</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="844"/>
        <source>short range</source>
        <translation>kurze Reichweite</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="845"/>
        <source>%1 is Station Keeping</source>
        <translation>%1 hält Position</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="846"/>
        <source>Ace</source>
        <translation>Ass</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="847"/>
        <source>Sniper</source>
        <translation>Scharfschütze</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="848"/>
        <source>Dogfight</source>
        <translation>Luftkampf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="849"/>
        <source>Assault</source>
        <translation>Sturmangriff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="850"/>
        <source>Bombing</source>
        <translation>Bombardierung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="851"/>
        <source>in %1&apos;s Port arc</source>
        <translation>im Backbordsektor von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="852"/>
        <source>in %1&apos;s Starboard arc</source>
        <translation>im Steuerbordsektor von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="853"/>
        <source>in %1&apos;s Aft arc</source>
        <translation>im Hecksektor von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="854"/>
        <source>Fore armor</source>
        <translation>Bugpanzerung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="855"/>
        <source>Port armor</source>
        <translation>Backbordpanzerung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="856"/>
        <source>Starboard armor</source>
        <translation>Steuerbordpanzerung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="857"/>
        <source>Aft armor</source>
        <translation>Heckpanzerung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="858"/>
        <source>%1 armor</source>
        <translation>Panzerung %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="859"/>
        <source>%1 Macro</source>
        <translation>%1 Makro</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="860"/>
        <source>%1&apos;s ECM</source>
        <translation>ECM von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="861"/>
        <source>Kinetic Cannon secondary target</source>
        <translation>Sekundärziel der kinetischen Kanone</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="862"/>
        <source>Mine Sweeper Array</source>
        <translation>Minenräumgerät</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="863"/>
        <source>Tender (%1)</source>
        <translation>Tender (%1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="864"/>
        <source>Evasive %1</source>
        <translation>Ausweichend %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="865"/>
        <source>%1&apos;s Defense</source>
        <translation>Verteidigung von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="866"/>
        <source>Defense +%1 %2</source>
        <translation>Verteidigung +%1 %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="867"/>
        <source>%1 within 3&quot;</source>
        <translation>%1 innerhalb von 3&quot;</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="868"/>
        <source>Drones</source>
        <translation>Drohnen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="870"/>
        <source>starting Structure + 1, within 3&quot;</source>
        <translation>Anfangsstruktur + 1, innerhalb von 3&quot;</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="871"/>
        <source>half the starting Structure</source>
        <translation>halbe Anfangsstruktur</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="872"/>
        <source>starting Structure</source>
        <translation>Anfangsstruktur</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="873"/>
        <source>within 3&quot;</source>
        <translation>innerhalb von 3&quot;</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="874"/>
        <source>%1 AC:%2</source>
        <translation>%1 AC:%2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="875"/>
        <source>%1 AS:%2</source>
        <translation>%1 AS:%2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="876"/>
        <source>there is no model %1</source>
        <translation>es gibt kein Modell %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="877"/>
        <source>%1&apos;s unit card is missing</source>
        <translation>die Einheitenkarte von %1 fehlt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="878"/>
        <source>%1 has no weapon %2</source>
        <translation>%1 hat keine Waffe %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="879"/>
        <source>%1 is not on the table (%2)</source>
        <translation>%1 ist nicht auf dem Tisch (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="880"/>
        <source>%1 cannot attack itself</source>
        <translation>%1 kann sich nicht selbst angreifen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="881"/>
        <source>%1 is a friendly model</source>
        <translation>%1 ist ein befreundetes Modell</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="882"/>
        <source>%1 is not activating</source>
        <translation>%1 ist nicht aktiviert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="883"/>
        <source>%1&apos;s %2 is damaged</source>
        <translation>%2 von %1 ist beschädigt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="885"/>
        <source>%1&apos;s %2 has already been used in this Attack Window%3</source>
        <translation>%2 von %1 wurde in diesem Angriffsfenster bereits eingesetzt%3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="886"/>
        <source> (Array: twice)</source>
        <translation> (Array: zweimal)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="888"/>
        <source>%1 has no Fire Control left (%2 of %3 spent)</source>
        <translation>%1 hat keine Feuerleitung mehr (%2 von %3 verbraucht)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="890"/>
        <source>a Lance can only be used in an Assault, Bombing, or Dogfight</source>
        <translation>eine Lanze kann nur in einem Sturmangriff, einer Bombardierung oder einem Luftkampf eingesetzt werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="893"/>
        <source>%1 may not be used in a Dogfight or Assault</source>
        <translation>%1 darf nicht in einem Luftkampf oder Sturmangriff eingesetzt werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="894"/>
        <source>%1 may not be used in a Dogfight</source>
        <translation>%1 darf nicht in einem Luftkampf eingesetzt werden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="896"/>
        <source>the attacks of an Assault are made on the Capital Ship</source>
        <translation>die Angriffe eines Sturmangriffs gehen auf das Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="899"/>
        <source>the attacks of a Bombing are made on the Capital Ship</source>
        <translation>die Angriffe einer Bombardierung gehen auf das Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="901"/>
        <source>the attacks of a Dogfight are made on the other Squadron</source>
        <translation>die Angriffe eines Luftkampfs gehen auf die andere Staffel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="904"/>
        <source>%1&apos;s %2 has AC 0: it cannot attack Capital Ships</source>
        <translation>%2 von %1 hat AC 0: Es kann keine Großkampfschiffe angreifen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="906"/>
        <source>%1&apos;s %2 has AS 0: it cannot attack Squadrons</source>
        <translation>%2 von %1 hat AS 0: Es kann keine Staffeln angreifen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="908"/>
        <source>all attacks of %1 this activation must target the same Capital Ship</source>
        <translation>alle Angriffe von %1 in dieser Aktivierung müssen auf dasselbe Großkampfschiff zielen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="911"/>
        <source>%1 is %2 away; sensors reach Short Range only (%3) until turn %4</source>
        <translation>%1 ist %2 entfernt; die Sensoren reichen bis Zug %4 nur auf kurze Reichweite (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="914"/>
        <source>%1 is %2 away; %3 reaches %4 against capital ships%5</source>
        <translation>%1 ist %2 entfernt; %3 reicht %4 gegen Großkampfschiffe%5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="916"/>
        <source>%1 is %2 away; %3 reaches %4 against squadrons%5</source>
        <translation>%1 ist %2 entfernt; %3 reicht %4 gegen Staffeln%5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="917"/>
        <source>Stealth %1</source>
        <translation>Tarnung %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="918"/>
        <source>Emissions %1</source>
        <translation>Emissionen %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="919"/>
        <source>Sensors damaged to %1</source>
        <translation>Sensoren auf %1 beschädigt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="920"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="921"/>
        <source>%1 is not in the %2 arc of %3&apos;s %4</source>
        <translation>%1 ist nicht im Sektor %2 von %4 von %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="923"/>
        <source>%1 may only attack a Capital Ship this activation</source>
        <translation>%1 darf in dieser Aktivierung nur ein Großkampfschiff angreifen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="925"/>
        <source>%1 has chosen %2 as its single target</source>
        <translation>%1 hat %2 als einziges Ziel gewählt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="927"/>
        <source>%1 failed its Skill Test to target %2 this turn</source>
        <translation>%1 hat in diesem Zug die Fertigkeitsprobe, %2 anzuvisieren, nicht bestanden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="929"/>
        <source>an Assaulting squadron may only be targeted by weapons with a 0 Macro Rating; %1 has Macro %2</source>
        <translation>eine stürmende Staffel darf nur von Waffen mit Makrowert 0 angegriffen werden; %1 hat Makro %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="932"/>
        <source>a decision is pending</source>
        <translation>eine Entscheidung steht aus</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="933"/>
        <source>%1&apos;s %2</source>
        <translation>%2 von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="934"/>
        <source>%1 is Assaulting</source>
        <translation>%1 stürmt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="936"/>
        <source>Long Range Sensors Skill Test [N]</source>
        <translation>Fertigkeitsprobe für Langstreckensensoren [N]</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="937"/>
        <source>TD (%1)</source>
        <translation>TD (%1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="938"/>
        <source>Remove %1: %2</source>
        <translation>%1 weglegen: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="940"/>
        <source>%1 rolled %2: which Flex die to remove?</source>
        <translation>%1 hat %2 gewürfelt: Welcher Flex-Würfel wird weggelegt?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="942"/>
        <source>%1 rolled %2: which Flex dice to remove?</source>
        <translation>%1 hat %2 gewürfelt: Welche Flex-Würfel werden weggelegt?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="943"/>
        <source>, macro %1</source>
        <translation>, Makro %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="944"/>
        <source>, removes %1</source>
        <translation>, legt %1 weg</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="945"/>
        <source>%1 rolls %2: %3%4%5: %6.</source>
        <translation>%1 würfelt %2: %3%4%5: %6.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="946"/>
        <source>%1 rolled %2: re-roll (%3)?</source>
        <translation>%1 hat %2 gewürfelt: neu würfeln (%3)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="947"/>
        <source>Keep %1</source>
        <translation>%1 behalten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="948"/>
        <source>Re-roll</source>
        <translation>Neu würfeln</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="949"/>
        <source>%1&apos;s Point Defense (%2)</source>
        <translation>Punktverteidigung von %1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="950"/>
        <source>%1&apos;s Barrier (%2)</source>
        <translation>Barriere von %1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="951"/>
        <source>Which defence opposes %1&apos;s %2 on %3?</source>
        <translation>Welche Abwehr hält gegen %2 von %1 auf %3?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="952"/>
        <source>%1 becomes %2</source>
        <translation>%1 wird zu %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="954"/>
        <source>%1&apos;s %2 diminishes %3: which results?</source>
        <translation>%2 von %1 mindert %3: welche Ergebnisse?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="955"/>
        <source>%1&apos;s %2 diminishes %3 to %4.</source>
        <translation>%2 von %1 mindert %3 zu %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="956"/>
        <source>%1: %2 becomes %3.</source>
        <translation>%1: %2 wird zu %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="957"/>
        <source>, short range</source>
        <translation>, kurze Reichweite</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="958"/>
        <source>, long range</source>
        <translation>, lange Reichweite</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="960"/>
        <source>%1 is a secondary target of %2: %3%4.</source>
        <translation>%1 ist ein Sekundärziel von %2: %3%4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="961"/>
        <source>%1 attacks %2 with %3: %4%5.</source>
        <translation>%1 greift %2 mit %3 an: %4%5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="962"/>
        <source>Beam Projector</source>
        <translation>Strahlenprojektor</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="963"/>
        <source>Countermeasures</source>
        <translation>Gegenmaßnahmen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="964"/>
        <source>Swarm</source>
        <translation>Schwarm</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="965"/>
        <source>Nuke</source>
        <translation>Atomwaffe</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="966"/>
        <source>Lock On: which Value for the %1?</source>
        <translation>Zielerfassung: Welcher Wert für das %1?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="967"/>
        <source>%1&apos;s Energy Armor</source>
        <translation>Energiepanzerung von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="968"/>
        <source>%1&apos;s Reactive Armor</source>
        <translation>Reaktivpanzerung von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="969"/>
        <source>%1 hits %2: %3.</source>
        <translation>%1 trifft %2: %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="970"/>
        <source>%1 misses %2.</source>
        <translation>%1 verfehlt %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="972"/>
        <source>%1 fails to target the Cloaked %2: its Fire Control is not spent.</source>
        <translation>%1 kann das getarnte %2 nicht anvisieren: Seine Feuerleitung wird nicht verbraucht.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="975"/>
        <source>Lock On with %1&apos;s %2 (one more Fire Control)?</source>
        <translation>Zielerfassung mit %2 von %1 (eine Feuerleitung mehr)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="977"/>
        <source>Lock On: spend 2 Fire Control, re-roll an [N], choose the Values of [D] and [T]</source>
        <translation>Zielerfassung: 2 Feuerleitung verbrauchen, ein [N] neu würfeln, die Werte von [D] und [T] wählen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="980"/>
        <source>Attack without Lock On</source>
        <translation>Ohne Zielerfassung angreifen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="982"/>
        <source>Spend %1 Fuel: +%1B</source>
        <translation>%1 Treibstoff verbrauchen: +%1B</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="986"/>
        <source>%1 expends Fire Control: no longer Stealthed.</source>
        <translation>%1 verbraucht Feuerleitung: nicht mehr getarnt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="988"/>
        <source>%1 is gone: %2&apos;s remaining %3 hold fire.</source>
        <translation>%1 ist weg: Die übrigen %3 von %2 halten das Feuer.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="989"/>
        <source>%1&apos;s Point Defense</source>
        <translation>Punktverteidigung von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="990"/>
        <source>%1 attacks %2: %3.</source>
        <translation>%1 greift %2 an: %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="991"/>
        <source>the explosion of %1</source>
        <translation>die Explosion von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="993"/>
        <source>%1 explodes: %2B within 3&quot;, %3B within 3&quot; + %4&quot;.</source>
        <translation>%1 explodiert: %2B innerhalb von 3&quot;, %3B innerhalb von 3&quot; + %4&quot;.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="995"/>
        <source>%1 explodes: a Particle Cannon attack on every model within 6&quot;.</source>
        <translation>%1 explodiert: ein Partikelkanonenangriff auf jedes Modell innerhalb von 6&quot;.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="998"/>
        <source>The explosion of %1 attacks %2 (%3&quot;): %4.</source>
        <translation>Die Explosion von %1 greift %2 an (%3&quot;): %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1000"/>
        <source>may re-roll the attack once (the odds re-roll an [N])</source>
        <translation>darf den Angriff einmal neu würfeln (die Chancen würfeln ein [N] neu)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1001"/>
        <source>may re-roll an [N] once</source>
        <translation>darf ein [N] einmal neu würfeln</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1003"/>
        <source>you may spend one more Fire Control to re-roll an [N] and choose the Values of [D] and [T] (not in the odds)</source>
        <translation>Sie dürfen eine Feuerleitung mehr verbrauchen, um ein [N] neu zu würfeln und die Werte von [D] und [T] zu wählen (nicht in den Chancen)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1006"/>
        <source>[T] and [Q+] results are Diminished</source>
        <translation>[T]- und [Q+]-Ergebnisse werden gemindert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1007"/>
        <source>every result is Diminished</source>
        <translation>jedes Ergebnis wird gemindert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1009"/>
        <source>results with an odd Value are Diminished (not in the odds)</source>
        <translation>Ergebnisse mit ungeradem Wert werden gemindert (nicht in den Chancen)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1011"/>
        <source>every result is Escalated</source>
        <translation>jedes Ergebnis wird gesteigert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1012"/>
        <source>%1&apos;s Shield</source>
        <translation>Schild von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1014"/>
        <source>results with Value 1 or 2 do one less damage (not in the odds)</source>
        <translation>Ergebnisse mit Wert 1 oder 2 verursachen einen Schaden weniger (nicht in den Chancen)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1016"/>
        <source>Precise</source>
        <translation>Präzise</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1017"/>
        <source>you choose the rating each [D] damages</source>
        <translation>Sie wählen den Wert, den jedes [D] beschädigt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1018"/>
        <source>Particle Cannon</source>
        <translation>Partikelkanone</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1020"/>
        <source>a hit leaves the squadron Disrupted</source>
        <translation>ein Treffer lässt die Staffel gestört zurück</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1021"/>
        <source>[T+] also damages a rating</source>
        <translation>[T+] beschädigt auch einen Wert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1022"/>
        <source>Mass Driver</source>
        <translation>Massenbeschleuniger</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1023"/>
        <source>[D] results add a Critical Hit</source>
        <translation>[D]-Ergebnisse fügen einen kritischen Treffer hinzu</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1027"/>
        <source>the scenario is set up already (the engine sends this command itself when a game starts)</source>
        <translation>das Szenario ist bereits aufgebaut (die Engine sendet diesen Befehl selbst, wenn ein Spiel beginnt)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1030"/>
        <source>Deploy in %1</source>
        <translation>Aufstellen in %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1032"/>
        <source>Which quadrant does %1 deploy in? (The opponent deploys in the diagonally opposite one.)</source>
        <translation>In welchem Viertel stellt %1 auf? (Der Gegner stellt im diagonal gegenüberliegenden auf.)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1035"/>
        <source>%1 deploys in %2, %3 in %4.</source>
        <translation>%1 stellt in %2 auf, %3 in %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1037"/>
        <source>Beacon markers are placed at the start of the first Deployment Phase, before any model</source>
        <translation>Beacon-Marker werden zu Beginn der ersten Aufstellungsphase platziert, vor jedem Modell</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1040"/>
        <source>%1 has no Beacon markers</source>
        <translation>%1 hat keine Beacon-Marker</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1042"/>
        <source>%1 has placed all four Beacon markers</source>
        <translation>%1 hat alle vier Beacon-Marker platziert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1043"/>
        <source>a Beacon marker is placed on the table</source>
        <translation>ein Beacon-Marker wird auf dem Tisch platziert</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1045"/>
        <source>Markers must be at least 12&quot; from any other Beacon marker: %1&apos;s at (%2, %3) is %4 away</source>
        <translation>Marker müssen mindestens 12&quot; von jedem anderen Beacon-Marker entfernt sein: der von %1 bei (%2, %3) ist %4 entfernt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1048"/>
        <source>%1 places Beacon marker %2 at (%3, %4).</source>
        <translation>%1 platziert Beacon-Marker %2 bei (%3, %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1050"/>
        <source>No spot on the table is 12&quot; from every Beacon marker: the players place no more.</source>
        <translation>Keine Stelle des Tisches ist 12&quot; von jedem Beacon-Marker entfernt: die Spieler platzieren keine weiteren.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1053"/>
        <source>the top edge</source>
        <translation>die obere Tischkante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1054"/>
        <source>the right edge</source>
        <translation>die rechte Tischkante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1055"/>
        <source>the bottom edge</source>
        <translation>die untere Tischkante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1056"/>
        <source>the left edge</source>
        <translation>die linke Tischkante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1057"/>
        <source>Escape through %1</source>
        <translation>Flucht über %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1059"/>
        <source>Which table edge must %1 (the Defender) escape through?</source>
        <translation>Über welche Tischkante muss %1 (der Verteidiger) fliehen?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1200"/>
        <source>On the table: how far is %1 from %2 (for its %3)?</source>
        <translation>Auf dem Tisch: Wie weit ist %1 von %2 entfernt (für %3)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1201"/>
        <source>Short range: within %1</source>
        <translation>Kurze Reichweite: innerhalb von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1202"/>
        <source>Long range: within %1</source>
        <translation>Große Reichweite: innerhalb von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1203"/>
        <source>Out of range: farther than %1</source>
        <translation>Außer Reichweite: weiter als %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1205"/>
        <source>On the table: is %1 in the %2 arc of %3?</source>
        <translation>Auf dem Tisch: Ist %1 im %2-Bogen von %3?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1207"/>
        <source>On the table: in which arc of %1 is %2?</source>
        <translation>Auf dem Tisch: In welchem Bogen von %1 ist %2?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1209"/>
        <source>On the table: is %1 within %2 of %3?</source>
        <translation>Auf dem Tisch: Ist %1 innerhalb von %2 um %3?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1210"/>
        <source>On the table: is %1 in %2?</source>
        <translation>Auf dem Tisch: Ist %1 in %2?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1212"/>
        <source>On the table: which other model is within %1 of %2 (%3; the nearest first)?</source>
        <translation>Auf dem Tisch: Welches weitere Modell ist innerhalb von %1 um %2 (%3; das nächste zuerst)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1216"/>
        <source>On the table: which other model does the Kinetic Cannon&apos;s 1&quot; line from %1 to %2 touch (the farthest from %1 first)?</source>
        <translation>Auf dem Tisch: Welches weitere Modell berührt die 1&quot;-Linie der Kinetic Cannon von %1 zu %2 (das von %1 am weitesten entfernte zuerst)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1219"/>
        <source>No other model</source>
        <translation>Kein weiteres Modell</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1221"/>
        <source>On the table: does the line of fire from %1 to %2 cross %3, or is %2 in it?</source>
        <translation>Auf dem Tisch: Kreuzt die Schusslinie von %1 zu %2 %3, oder ist %2 darin?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1225"/>
        <source>On the table: did the move of %1 cross %2, or end in it?</source>
        <translation>Auf dem Tisch: Hat die Bewegung von %1 %2 durchquert oder endet sie darin?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1228"/>
        <source>On the table: did the move of %1 come within %2 of %3?</source>
        <translation>Auf dem Tisch: Kam %1 bei der Bewegung innerhalb von %2 an %3 heran?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1231"/>
        <source>On the table: does %1 end its movement overlapping %2?</source>
        <translation>Auf dem Tisch: Beendet %1 die Bewegung mit Überlappung von %2?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1234"/>
        <source>On the table: does %1 start its movement in %2?</source>
        <translation>Auf dem Tisch: Beginnt %1 die Bewegung in %2?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1236"/>
        <source>On the table: is the table edge of %1 wholly in the %2 arc of %3?</source>
        <translation>Auf dem Tisch: Liegt die Tischkante von %1 ganz im %2-Bogen von %3?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1240"/>
        <source>On the table: which model did %1 overlap or pass over as the Comet moved %2 (one at a time)?</source>
        <translation>Auf dem Tisch: Welches Modell hat %1 überlappt oder überstrichen, als sich der Komet %2 bewegte (eines nach dem anderen)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1243"/>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1245"/>
        <source>%1 is out of %2&apos;s Sensor Range on the table (farther than %3)</source>
        <translation>%1 ist auf dem Tisch außerhalb der Sensorreichweite von %2 (weiter als %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1248"/>
        <source>%1 is not in the %2 arc of %3&apos;s %4 on the table</source>
        <translation>%1 ist auf dem Tisch nicht im %2-Bogen von %4 (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1249"/>
        <source>Point Defense support</source>
        <translation>Unterstützung der Punktverteidigung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1250"/>
        <source>the explosion</source>
        <translation>die Explosion</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1252"/>
        <source>The explosion of %1 attacks %2 (within %3): %4.</source>
        <translation>Die Explosion von %1 greift %2 an (innerhalb von %3): %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1254"/>
        <source>Intercept with %1 (within 3&quot; on the table)</source>
        <translation>Mit %1 abfangen (auf dem Tisch innerhalb von 3&quot;)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1256"/>
        <source>Towards %1 (the nearest with Hangers)</source>
        <translation>Zu %1 (das nächste Modell mit Hangers)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1257"/>
        <source>On the table: does %1 reach %2?</source>
        <translation>Auf dem Tisch: Erreicht %1 %2?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1259"/>
        <source>%1 is placed within 1&quot; of %2 on the table.</source>
        <translation>%1 wird auf dem Tisch innerhalb von 1&quot; um %2 aufgestellt.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1260"/>
        <source>Not done: %1.</source>
        <translation>Nicht ausgeführt: %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1261"/>
        <source>%1 lays %2 on the table.</source>
        <translation>%1 legt %2 auf dem Tisch.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1262"/>
        <source>%1 deploys %2.</source>
        <translation>%1 stellt %2 auf.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1264"/>
        <source>%1 places Beacon marker %2 on the table.</source>
        <translation>%1 platziert Beacon-Marker %2 auf dem Tisch.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1266"/>
        <source>On the table: %1 is deployed. Of %2&apos;s %3 Beacon marker(s) with no model within 3&quot; yet, how many is it within 3&quot; of?</source>
        <translation>Auf dem Tisch: %1 ist aufgestellt. Von den %3 Beacon-Markern von %2, die noch kein Modell innerhalb von 3&quot; haben: bei wie vielen ist es innerhalb von 3&quot;?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1269"/>
        <source>None of them</source>
        <translation>Bei keinem</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1270"/>
        <source>%1 of them</source>
        <translation>Bei %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1272"/>
        <source>On the table: is %1 within %2 of %3, the table edge %4 escapes through?</source>
        <translation>Auf dem Tisch: Ist %1 innerhalb von %2 um %3 (die Tischkante, über die %4 flieht)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1276"/>
        <source>%1 is not within %2 of %3 on the table: it may not Withdraw</source>
        <translation>%1 ist auf dem Tisch nicht innerhalb von %2 um %3: es darf sich nicht zurückziehen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1279"/>
        <source>%1 places the Stationary Comet on the table, %2 across (%3).</source>
        <translation>%1 stellt den ortsfesten Kometen auf dem Tisch auf, %2 Durchmesser (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1283"/>
        <source>Roll %1 dice (%2) for %3</source>
        <translation>%1 Würfel (%2) werfen für %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1284"/>
        <source>Roll %1 dice for %2</source>
        <translation>%1 Würfel werfen für %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1285"/>
        <source>Roll 1 die for %1</source>
        <translation>1 Würfel werfen für %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1286"/>
        <source>%1&apos;s %2 attack on %3</source>
        <translation>den Angriff von %1 mit %2 auf %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1287"/>
        <source>%1&apos;s activation</source>
        <translation>die Aktivierung von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1288"/>
        <source>the Deployment Phase</source>
        <translation>die Aufstellungsphase</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1289"/>
        <source>the End Phase</source>
        <translation>die Endphase</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1290"/>
        <source>Let the app roll them</source>
        <translation>Die App würfeln lassen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1291"/>
        <source>no roll is waiting</source>
        <translation>kein Wurf steht aus</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1293"/>
        <source>%1 face(s) given: roll exactly %2 (%3)</source>
        <translation>%1 Augenzahl(en) angegeben: genau %2 werfen (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1295"/>
        <source>a die shows 1 to 6: %1 is not a face</source>
        <translation>ein Würfel zeigt 1 bis 6: %1 ist keine Augenzahl</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1297"/>
        <source>corrections by hand are for a physical table: on the digital table the engine keeps the cards</source>
        <translation>Korrekturen von Hand gibt es nur am echten Tisch: Am digitalen Tisch führt das Programm die Karten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1301"/>
        <source>no field &apos;%1&apos; to correct (structure, defense, sensors, thrusters, marines, fuel, weapon, trait, state, activated, fire-control, location, objective-points)</source>
        <translation>kein Feld &apos;%1&apos; zum Korrigieren (structure, defense, sensors, thrusters, marines, fuel, weapon, trait, state, activated, fire-control, location, objective-points)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1305"/>
        <source>no model %1 to correct</source>
        <translation>kein Modell %1 zum Korrigieren</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1307"/>
        <source>&apos;%1&apos; is corrected on the game (model -1), not on %2</source>
        <translation>&apos;%1&apos; wird am Spiel korrigiert (Modell -1), nicht an %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1309"/>
        <source>&apos;%1&apos; is corrected on a model: name one</source>
        <translation>&apos;%1&apos; wird an einem Modell korrigiert: eines angeben</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1311"/>
        <source>%1 of %2 is from %3 to %4, not %5</source>
        <translation>%1 von %2 ist von %3 bis %4, nicht %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1312"/>
        <source>%1 has no weapon line %2</source>
        <translation>%1 hat keine Waffenzeile %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1313"/>
        <source>%1 has no trait %2 with boxes</source>
        <translation>%1 hat keine Eigenschaft %2 mit Kästchen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1314"/>
        <source>no player %1 (0 or 1)</source>
        <translation>kein Spieler %1 (0 oder 1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1315"/>
        <source>no state &apos;%1&apos; (%2)</source>
        <translation>kein Zustand &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1317"/>
        <source>no location &apos;%1&apos; (table, reserve, embarked, destroyed, withdrawn)</source>
        <translation>kein Ort &apos;%1&apos; (table, reserve, embarked, destroyed, withdrawn)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1320"/>
        <source>%1 cannot be Embarked on model %2</source>
        <translation>%1 kann nicht auf Modell %2 eingeschifft sein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1322"/>
        <source>nothing to correct: %1 is already %2</source>
        <translation>nichts zu korrigieren: %1 ist bereits %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1324"/>
        <source>Correction: %1&apos;s %2: %3 box(es) marked (was %4).</source>
        <translation>Korrektur: %1, %2: %3 Kästchen markiert (vorher %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1326"/>
        <source>Correction: %1&apos;s %2: %3 spent (was %4).</source>
        <translation>Korrektur: %1, %2: %3 verbraucht (vorher %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1328"/>
        <source>Correction: %1&apos;s %2: %3 instance(s) damaged (was %4).</source>
        <translation>Korrektur: %1, %2: %3 Exemplar(e) beschädigt (vorher %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1329"/>
        <source>Correction: %1 is %2.</source>
        <translation>Korrektur: %1 ist %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1330"/>
        <source>Correction: %1 is no longer %2.</source>
        <translation>Korrektur: %1 ist nicht mehr %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1332"/>
        <source>Correction: %1 has activated this turn.</source>
        <translation>Korrektur: %1 wurde in dieser Runde aktiviert.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1334"/>
        <source>Correction: %1 has not activated this turn.</source>
        <translation>Korrektur: %1 wurde in dieser Runde nicht aktiviert.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1336"/>
        <source>Correction: %1 is now %2 (was %3).</source>
        <translation>Korrektur: %1 ist jetzt %2 (vorher %3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1338"/>
        <source>Correction: player %1&apos;s objective points: %2 (was %3).</source>
        <translation>Korrektur: Missionspunkte von Spieler %1: %2 (vorher %3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1341"/>
        <source>%1 has no Structure left and is Destroyed.</source>
        <translation>%1 hat keine Struktur mehr und ist zerstört.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1342"/>
        <source>on the table</source>
        <translation>auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1343"/>
        <source>In Reserve</source>
        <translation>In Reserve</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1344"/>
        <source>Embarked on %1</source>
        <translation>Eingeschifft auf %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1345"/>
        <source>Destroyed</source>
        <translation>Zerstört</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1346"/>
        <source>Withdrawn</source>
        <translation>Zurückgezogen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1350"/>
        <source>deploys a model</source>
        <translation>stellt ein Modell auf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1351"/>
        <source>deploys %1</source>
        <translation>stellt %1 auf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1352"/>
        <source>embarks a squadron</source>
        <translation>schifft eine Staffel ein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1353"/>
        <source>embarks %1 on %2</source>
        <translation>schifft %1 auf %2 ein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1354"/>
        <source>deploys nothing more now</source>
        <translation>stellt vorerst nichts mehr auf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1355"/>
        <source>activates %1 to %2</source>
        <translation>aktiviert %1 für %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1356"/>
        <source>activates %1</source>
        <translation>aktiviert %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1357"/>
        <source>moves %1 %2&quot;</source>
        <translation>bewegt %1 %2&quot;</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1358"/>
        <source>a weapon</source>
        <translation>eine Waffe</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1359"/>
        <source>%1 fires %2 at %3</source>
        <translation>%1 feuert %2 auf %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1360"/>
        <source>answers</source>
        <translation>antwortet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1361"/>
        <source>answers &quot;%1&quot; with &quot;%2&quot;</source>
        <translation>beantwortet „%1“ mit „%2“</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1362"/>
        <source>launches a squadron</source>
        <translation>startet eine Staffel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1363"/>
        <source>lands %1 on %2</source>
        <translation>landet %1 auf %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1364"/>
        <source>resolves the Action of %1 on %2</source>
        <translation>handelt die Aktion von %1 gegen %2 ab</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1365"/>
        <source>resolves the Action of %1</source>
        <translation>handelt die Aktion von %1 ab</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1366"/>
        <source>ends the activation of %1</source>
        <translation>beendet die Aktivierung von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1367"/>
        <source>places a beacon</source>
        <translation>platziert einen Beacon-Marker</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1368"/>
        <source>sets up the scenario</source>
        <translation>baut das Szenario auf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1369"/>
        <source>places the comet</source>
        <translation>platziert den Kometen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1370"/>
        <source>rolls</source>
        <translation>würfelt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1371"/>
        <source>corrects a card</source>
        <translation>korrigiert eine Karte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1372"/>
        <source>%1: a random choice</source>
        <translation>%1: eine zufällige Wahl</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1373"/>
        <source>%1: no better choice</source>
        <translation>%1: keine bessere Wahl</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1375"/>
        <source>%1: %2% for a hit, %3 expected Structure damage; the best of %4 choices</source>
        <translation>%1: %2 % für einen Treffer, %3 erwarteter Strukturschaden; die beste von %4 Möglichkeiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1379"/>
        <source>%1, %2&quot; from %3: the best of %4 choices</source>
        <translation>%1, %2&quot; von %3 entfernt: die beste von %4 Möglichkeiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1380"/>
        <source>%1: the best of %2 choices</source>
        <translation>%1: die beste von %2 Möglichkeiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1381"/>
        <source>%1: the best of %2 choices it weighed</source>
        <translation>%1: die beste der %2 abgewogenen Möglichkeiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1383"/>
        <source>its choice</source>
        <translation>seine Wahl</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1387"/>
        <source>%1 made no attack rolls.</source>
        <translation>%1 hat keine Angriffswürfe gemacht.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1389"/>
        <source>%1 %2: %3 in %4 (%5 expected); damage %6 (%7 expected).</source>
        <translation>%1 %2: %3 in %4 (%5 erwartet); Schaden %6 (%7 erwartet).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1391"/>
        <source>rolled as expected</source>
        <translation>würfelte wie erwartet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1392"/>
        <source>rolled %1% above expectation</source>
        <translation>würfelte %1 % über der Erwartung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1393"/>
        <source>rolled %1% below expectation</source>
        <translation>würfelte %1 % unter der Erwartung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1395"/>
        <source>%1 success</source>
        <translation>%1 Erfolg</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1396"/>
        <source>%1 successes</source>
        <translation>%1 Erfolge</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1397"/>
        <source>%1 attack roll</source>
        <translation>%1 Angriffswurf</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1398"/>
        <source>%1 attack rolls</source>
        <translation>%1 Angriffswürfen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1404"/>
        <source>%1 (%2, unit %3)</source>
        <translation>%1 (%2, Einheit %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1405"/>
        <source>%1 (unit %2)</source>
        <translation>%1 (Einheit %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1407"/>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1408"/>
        <source>Squadrons</source>
        <translation>Staffeln</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1409"/>
        <source>Capital Ships</source>
        <translation>Großkampfschiffe</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1410"/>
        <source>Upgrades and static defenses</source>
        <translation>Upgrades und statische Verteidigungen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1415"/>
        <source>%1: %2 of %3 points (%4), at least %5 needed%6: %7</source>
        <translation>%1: %2 von %3 Punkten (%4), mindestens %5 nötig%6: %7</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1417"/>
        <source>%1: %2 of %3 points (%4), at most %5 allowed%6: %7</source>
        <translation>%1: %2 von %3 Punkten (%4), höchstens %5 erlaubt%6: %7</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1418"/>
        <source>%1 to spare</source>
        <translation>%1 Spielraum</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1419"/>
        <source>%1 more</source>
        <translation>%1 fehlen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1420"/>
        <source>%1 over</source>
        <translation>%1 zu viel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1421"/>
        <source>%1% of %2 = %3, rounded up: %4</source>
        <translation>%1% von %2 = %3, aufgerundet: %4</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1422"/>
        <source>%1% of %2 = %3</source>
        <translation>%1% von %2 = %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1425"/>
        <source>unknown rules profile &apos;%1&apos; (known: %2)</source>
        <translation>unbekanntes Regelprofil &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1426"/>
        <source>set the rules to one of %1</source>
        <translation>die Regeln auf eines von %1 setzen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1428"/>
        <source>no faction &apos;%1&apos; in the unit database (known: %2)</source>
        <translation>keine Fraktion &apos;%1&apos; in der Einheitendatenbank (bekannt: %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1430"/>
        <source>set the faction to one of the known ids</source>
        <translation>die Fraktion auf eine der bekannten IDs setzen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1432"/>
        <source>unit %1: no unit &apos;%2&apos; in the unit database</source>
        <translation>Einheit %1: keine Einheit &apos;%2&apos; in der Einheitendatenbank</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1434"/>
        <source>unit %1: no unit &apos;%2&apos; in the unit database (did you mean &apos;%3&apos;?)</source>
        <translation>Einheit %1: keine Einheit &apos;%2&apos; in der Einheitendatenbank (meinten Sie &apos;%3&apos;?)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1437"/>
        <source>remove it, or name a unit of the database</source>
        <translation>sie entfernen oder eine Einheit der Datenbank angeben</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1438"/>
        <source>write &apos;%1&apos; (%2, %3)</source>
        <translation>&apos;%1&apos; schreiben (%2, %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1440"/>
        <source>%1 is a unit of the %2, not of this %3 fleet</source>
        <translation>%1 ist eine Einheit der Fraktion %2, nicht dieser Flotte der Fraktion %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1442"/>
        <source>remove %1 (-%2)</source>
        <translation>%1 entfernen (-%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1444"/>
        <source>the points limit must be a positive number, not %1</source>
        <translation>das Punktelimit muss eine positive Zahl sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1446"/>
        <source>set the limit to the agreed points (100, 250, 500)</source>
        <translation>das Limit auf die vereinbarten Punkte setzen (100, 250, 500)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1448"/>
        <source>Total: %1 of %2 points: %3 unspent (under %4% of the limit)</source>
        <translation>Gesamt: %1 von %2 Punkten: %3 nicht ausgegeben (unter %4% des Limits)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1450"/>
        <source>remove units worth %1 points</source>
        <translation>Einheiten im Wert von %1 Punkten entfernen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1451"/>
        <source>%1, or raise the limit to %2</source>
        <translation>%1 oder das Limit auf %2 anheben</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1452"/>
        <source>remove %1 points of %2</source>
        <translation>%1 Punkte an %2 entfernen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1454"/>
        <source>add at least %1 points of %2 (%3 points are left under the limit)</source>
        <translation>mindestens %1 Punkte an %2 hinzufügen (bis zum Limit sind %3 Punkte frei)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1457"/>
        <source>add at least %1 points of %2, and remove %3 points of other units to stay within the limit</source>
        <translation>mindestens %1 Punkte an %2 hinzufügen und %3 Punkte anderer Einheiten entfernen, um im Limit zu bleiben</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1461"/>
        <source>its %1 card prints no Unit Cap and the Unit Cap of its %2 card is not published</source>
        <translation>ihre %1-Karte nennt kein Einheitenlimit, und das Einheitenlimit ihrer %2-Karte ist nicht veröffentlicht</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1465"/>
        <source>it has no Unit Cap in the unit data</source>
        <translation>sie hat kein Einheitenlimit in den Einheitendaten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1467"/>
        <source>%1: %2: its copies are not limited (check the printed card)</source>
        <translation>%1: %2: ihre Exemplare sind nicht begrenzt (die gedruckte Karte prüfen)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1470"/>
        <source>%1: %2, at most %3 allowed (UC %4 x %5 of %6 points): %7 too many</source>
        <translation>%1: %2, höchstens %3 erlaubt (UC %4 x %5 zu %6 Punkten): %7 zu viel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1474"/>
        <source>%1 copy</source>
        <translation>%1 Exemplar</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1475"/>
        <source>%1 copies</source>
        <translation>%1 Exemplare</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1476"/>
        <source>%1 block</source>
        <translation>%1 Block</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1477"/>
        <source>%1 blocks</source>
        <translation>%1 Blöcke</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1478"/>
        <source>%1 Unit Cap block</source>
        <translation>%1 Einheitenlimit-Block</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1479"/>
        <source>%1 Unit Cap blocks</source>
        <translation>%1 Einheitenlimit-Blöcke</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1480"/>
        <source>%1 unit</source>
        <translation>%1 Einheit</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1481"/>
        <source>%1 units</source>
        <translation>%1 Einheiten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1482"/>
        <source>%1 Squadron</source>
        <translation>%1 Staffel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1483"/>
        <source>%1 Squadrons</source>
        <translation>%1 Staffeln</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1485"/>
        <source>remove %1 %2 (-%3), or raise the limit to %4 for %5</source>
        <translation>%1 %2 entfernen (-%3) oder das Limit für %5 auf %4 anheben</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1486"/>
        <source>%1: no upgrade &apos;%2&apos; (known: %3)</source>
        <translation>%1: kein Upgrade &apos;%2&apos; (bekannt: %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1487"/>
        <source>remove &apos;%1&apos; from %2</source>
        <translation>&apos;%1&apos; von %2 entfernen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1488"/>
        <source>%1 takes %2 more than once</source>
        <translation>%1 nimmt %2 mehr als einmal</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1489"/>
        <source>remove the second %1</source>
        <translation>das zweite %1 entfernen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1491"/>
        <source>%1 on %2: jwfleet does not have the %3 upgrade cards, so it cannot check this upgrade (its %4 TV is the v1.2.3 card&apos;s): check the printed %3 card</source>
        <translation>%1 auf %2: jwfleet hat die Upgrade-Karten von %3 nicht und kann dieses Upgrade daher nicht prüfen (sein TV von %4 ist der der v1.2.3-Karte): die gedruckte %3-Karte prüfen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1495"/>
        <source>it has no upgrades</source>
        <translation>es hat keine Upgrades</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1496"/>
        <source>it offers %1</source>
        <translation>es bietet %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1498"/>
        <source>%1 on %2: not in rules %3 (%4)</source>
        <translation>%1 auf %2: nicht in den Regeln %3 (%4)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1500"/>
        <source>remove %1 (-%2), or build to rules v1.2.3</source>
        <translation>%1 entfernen (-%2) oder nach den Regeln v1.2.3 bauen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1502"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1503"/>
        <source>remove %1 from %2</source>
        <translation>%1 von %2 entfernen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1505"/>
        <source>%1 already has %2: %3 adds nothing</source>
        <translation>%1 hat bereits %2: %3 bringt nichts</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1507"/>
        <source>%1 is taken %2 times, once per fleet allowed: %3</source>
        <translation>%1 ist %2-mal gewählt, einmal pro Flotte erlaubt: %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1508"/>
        <source>keep %1 on one unit only</source>
        <translation>%1 nur auf einer Einheit behalten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1510"/>
        <source>%1 is embarked on unit %2, but the list has %3</source>
        <translation>%1 ist auf Einheit %2 eingeschifft, aber die Liste hat %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1512"/>
        <source>embark it on a unit of the list, or deploy it</source>
        <translation>sie auf einer Einheit der Liste einschiffen oder aufstellen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1513"/>
        <source>%1 is embarked on itself</source>
        <translation>%1 ist auf sich selbst eingeschifft</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1515"/>
        <source>embark it on a carrier, or deploy it</source>
        <translation>sie auf einem Träger einschiffen oder aufstellen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1517"/>
        <source>%1 has Dock and may not start Embarked (on %2)</source>
        <translation>%1 hat Dock und darf nicht eingeschifft beginnen (auf %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1518"/>
        <source>deploy %1 on the table</source>
        <translation>%1 auf dem Tisch aufstellen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1521"/>
        <source>%1 cannot embark on %2: a %3 embarks only on a model with %4, and %5 has none</source>
        <translation>%1 kann nicht auf %2 einschiffen: Typ %3 schifft sich nur auf einem Modell mit %4 ein, und %5 hat das nicht</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1524"/>
        <source>Squadron</source>
        <translation>Staffel</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1525"/>
        <source>Capital Ship</source>
        <translation>Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1527"/>
        <source>embark %1 on a model with %2, or deploy it</source>
        <translation>%1 auf einem Modell mit %2 einschiffen oder aufstellen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1529"/>
        <source>%1 starts docked on %2: only if the scenario allows it</source>
        <translation>%1 beginnt angedockt an %2: nur wenn das Szenario es erlaubt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1532"/>
        <source>%1 is embarked on %2, itself embarked on %3: only if the scenario allows it</source>
        <translation>%1 ist auf %2 eingeschifft, das selbst auf %3 eingeschifft ist: nur wenn das Szenario es erlaubt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1536"/>
        <source>%1 is embarked on %2, itself embarked on %3: only Squadrons may be on an Embarked Capital Ship</source>
        <translation>%1 ist auf %2 eingeschifft, das selbst auf %3 eingeschifft ist: nur Staffeln dürfen auf einem eingeschifften Großkampfschiff sein</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1540"/>
        <source>deploy %1 or %2 on the table</source>
        <translation>%1 oder %2 auf dem Tisch aufstellen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1542"/>
        <source>%1 carries %2, Hangers: %3 allows %3: %4 too many (%5)</source>
        <translation>%1 trägt %2, Hangers: %3 erlaubt %3: %4 zu viel (%5)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1545"/>
        <source>deploy %1 of them on the table, or embark them elsewhere</source>
        <translation>%1 davon auf dem Tisch aufstellen oder anderswo einschiffen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1548"/>
        <source>%1 docks %2 Capital Ships, Dock allows 1: %3 too many (%4)</source>
        <translation>%1 hat %2 Großkampfschiffe angedockt, Dock erlaubt 1: %3 zu viel (%4)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1550"/>
        <source>deploy %1 of them on the table</source>
        <translation>%1 davon auf dem Tisch aufstellen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1552"/>
        <source>the Threat Value of %1</source>
        <translation>der Bedrohungswert von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1553"/>
        <source>the Unit Cap of %1</source>
        <translation>das Einheitenlimit von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1554"/>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1556"/>
        <source>this verdict rests on values that are not published: %1 is jwfleet&apos;s estimate, not the printed card&apos;s</source>
        <translation>dieses Ergebnis beruht auf nicht veröffentlichten Werten: %1 ist eine Schätzung von jwfleet, nicht der Wert der gedruckten Karte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1560"/>
        <source>this verdict rests on values that are not published: %1 are jwfleet&apos;s estimates, not the printed card&apos;s</source>
        <translation>dieses Ergebnis beruht auf nicht veröffentlichten Werten: %1 sind Schätzungen von jwfleet, nicht die Werte der gedruckten Karte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1564"/>
        <source>check these values against the printed cards (`jwfleet-cli unit ID` says where each value comes from)</source>
        <translation>diese Werte mit den gedruckten Karten abgleichen (`jwfleet-cli unit ID` sagt, woher jeder Wert stammt)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1568"/>
        <source>this verdict uses values entered by the user from a printed card, not shipped with jwfleet: %1</source>
        <translation>dieses Ergebnis verwendet Werte, die der Benutzer von einer gedruckten Karte eingegeben hat, nicht die mit jwfleet gelieferten: %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1572"/>
        <source>check these values against the printed cards, or set JW_NO_USER_DATA=1 to check with the shipped values only</source>
        <translation>diese Werte mit den gedruckten Karten abgleichen oder JW_NO_USER_DATA=1 setzen, um nur mit den gelieferten Werten zu prüfen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1577"/>
        <source>%1 is for squadrons; %2 is a Capital Ship</source>
        <translation>%1 ist für Staffeln; %2 ist ein Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1579"/>
        <source>%1 is for non-Drone squadrons; %2 is a Drone</source>
        <translation>%1 ist für Staffeln, die keine Drohnen sind; %2 ist eine Drohne</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="802"/>
        <source>%1 may only Withdraw within %2 of the escape edge; it is %3 away</source>
        <translation>%1 darf sich nur innerhalb von %2 von der Fluchtkante zurückziehen; es ist %3 entfernt</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1061"/>
        <source>%1 must escape through %2.</source>
        <translation>%1 muss über %2 fliehen.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1062"/>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1063"/>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1065"/>
        <source>Standing Objective Points: %1 %2, %3 %4.</source>
        <translation>Stand der Missionspunkte: %1 %2, %3 %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1067"/>
        <source>Standing Objective Points: %1 %2, %3 %4: %5</source>
        <translation>Stand der Missionspunkte: %1 %2, %3 %4: %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1069"/>
        <source>Final Objective Points: %1 %2, %3 %4.</source>
        <translation>Endstand der Missionspunkte: %1 %2, %3 %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1071"/>
        <source>Final Objective Points: %1 %2, %3 %4: %5</source>
        <translation>Endstand der Missionspunkte: %1 %2, %3 %4: %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1073"/>
        <source>%1 is the first player to attack.</source>
        <translation>%1 greift als erster Spieler an.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1075"/>
        <source>%1&apos;s %2 Escape Pod(s) are lost with it.</source>
        <translation>Die %2 Rettungskapsel(n) von %1 gehen mit ihm verloren.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="984"/>
        <source>How much Fuel does %1 spend on its %2?</source>
        <translation>Wie viel Treibstoff setzt %1 für seine %2 ein?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="981"/>
        <source>Spend no Fuel</source>
        <translation>Keinen Treibstoff einsetzen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1076"/>
        <source>Spend %1 Fuel (+%1d6)</source>
        <translation>%1 Treibstoff einsetzen (+%1W6)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1078"/>
        <source>Does %1 forfeit a unit of water to gain the Fuel Pods trait (once per game)?</source>
        <translation>Gibt %1 eine Wassereinheit auf, um die Eigenschaft Fuel Pods zu erhalten (einmal pro Spiel)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1081"/>
        <source>Keep the water</source>
        <translation>Das Wasser behalten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1083"/>
        <source>Forfeit 1 unit of water: gain the Fuel Pods trait</source>
        <translation>1 Wassereinheit aufgeben: die Eigenschaft Fuel Pods erhalten</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1084"/>
        <source>None: leave them aboard %1</source>
        <translation>Keine: an Bord von %1 lassen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1085"/>
        <source>Take %1 unit(s) of water</source>
        <translation>%1 Wassereinheit(en) mitnehmen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1087"/>
        <source>How many of %1&apos;s %2 unit(s) of water does %3 take with it?</source>
        <translation>Wie viele der %2 Wassereinheit(en) von %1 nimmt %3 mit?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1094"/>
        <source>%1: which weapon does it fire?</source>
        <translation>%1: Welche Waffe feuert es?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1095"/>
        <source>Fire %1 (%2)</source>
        <translation>%1 abfeuern (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1096"/>
        <source>Stop attacking</source>
        <translation>Angriff beenden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1097"/>
        <source>%1&apos;s Bombing Run on %2</source>
        <translation>Bombenanflug von %1 auf %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1098"/>
        <source>%1 engages %2</source>
        <translation>%1 bekämpft %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1099"/>
        <source>%1 Assaults %2</source>
        <translation>%1 greift %2 im Sturm an</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1101"/>
        <source>Does %1 make another Bombing Run on %2 (%3)?</source>
        <translation>Macht %1 einen weiteren Bombenanflug auf %2 (%3)?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1102"/>
        <source>free</source>
        <translation>kostenlos</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1103"/>
        <source>1 Fuel of %1</source>
        <translation>1 Treibstoff von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1104"/>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1105"/>
        <source>No: Return to Base</source>
        <translation>Nein: Rückkehr zur Basis</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1107"/>
        <source>%1&apos;s Bombing on %2 is over: what does it do?</source>
        <translation>Der Bombenangriff von %1 auf %2 ist vorbei: Was tut es?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1109"/>
        <source>%1&apos;s Assault on %2 is over: what does it do?</source>
        <translation>Der Sturmangriff von %1 auf %2 ist vorbei: Was tut es?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1110"/>
        <source>Return to Base</source>
        <translation>Rückkehr zur Basis</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1112"/>
        <source>Enter the Assaulting state (stay on %1)</source>
        <translation>In den Zustand Im Sturmangriff wechseln (auf %1 bleiben)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1114"/>
        <source>%1 activates: does %2 keep Assaulting it?</source>
        <translation>%1 wird aktiviert: Setzt %2 den Sturmangriff fort?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1116"/>
        <source>Keep Assaulting (placed in base contact again after %1 moves)</source>
        <translation>Sturmangriff fortsetzen (nach der Bewegung von %1 wieder in Basenkontakt aufgestellt)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1119"/>
        <source>Disengage: a 4&quot; move away from %1 now</source>
        <translation>Lösen: jetzt eine Bewegung von 4&quot; weg von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1121"/>
        <source>Stop: Return to Base (stay here as %1 moves away)</source>
        <translation>Beenden: Rückkehr zur Basis (hier bleiben, während %1 sich entfernt)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1125"/>
        <source>begins a Bombing on %1</source>
        <translation>beginnt einen Bombenangriff auf %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1126"/>
        <source>declares %1</source>
        <translation>sagt %1 an</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1127"/>
        <source>declares an Interception</source>
        <translation>sagt ein Abfangen an</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1128"/>
        <source>Assaults %1</source>
        <translation>greift %1 im Sturm an</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1129"/>
        <source>ends a Movement</source>
        <translation>beendet eine Bewegung</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1130"/>
        <source>mines the Comet</source>
        <translation>baut den Kometen ab</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1131"/>
        <source>attacks %1</source>
        <translation>greift %1 an</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1133"/>
        <source>%1 (within 3&quot; of your squadrons) %2: intercept it?</source>
        <translation>%1 (innerhalb von 3&quot; Ihrer Staffeln) %2: abfangen?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1134"/>
        <source>Intercept with %1 (%2 away)</source>
        <translation>Mit %1 abfangen (%2 entfernt)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1135"/>
        <source>No interception</source>
        <translation>Nicht abfangen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1136"/>
        <source>Dogfight: what does %1 do?</source>
        <translation>Luftkampf: Was tut %1?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1137"/>
        <source>Engage: attack %1 (1 Fuel)</source>
        <translation>Kämpfen: %1 angreifen (1 Treibstoff)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1138"/>
        <source>Break Off (1 Fuel, Skill Test)</source>
        <translation>Abdrehen (1 Treibstoff, Fertigkeitsprobe)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1140"/>
        <source>Stay on Target: Point Defense on %1</source>
        <translation>Am Ziel bleiben: Punktverteidigung auf %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1141"/>
        <source>%1 may end the Dogfight: does it?</source>
        <translation>%1 darf den Luftkampf beenden: Tut es das?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1143"/>
        <source>%1 may end the Dogfight by spending all its Fuel: does it?</source>
        <translation>%1 darf den Luftkampf beenden, indem es seinen ganzen Treibstoff verbraucht: Tut es das?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1145"/>
        <source>Yes, end the Dogfight</source>
        <translation>Ja, den Luftkampf beenden</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1146"/>
        <source>No, fight on</source>
        <translation>Nein, weiterkämpfen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1148"/>
        <source>%1 survives the Dogfight with Fuel: what now?</source>
        <translation>%1 übersteht den Luftkampf mit Treibstoff: Was nun?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1149"/>
        <source>Stay</source>
        <translation>Bleiben</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1150"/>
        <source>Carry on</source>
        <translation>Weitermachen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1151"/>
        <source>Free Movement (up to %1)</source>
        <translation>Freie Bewegung (bis zu %1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1154"/>
        <source>How many Marines does %1 send to board %2?</source>
        <translation>Wie viele Marines schickt %1, um %2 zu entern?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1155"/>
        <source>Commit %1 Marine</source>
        <translation>%1 Marine einsetzen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1156"/>
        <source>Commit %1 Marines</source>
        <translation>%1 Marines einsetzen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1158"/>
        <source>Boarders on %1: how do its Marines fight?</source>
        <translation>Enterer auf %1: Wie kämpfen seine Marines?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1159"/>
        <source>Engage: attack the Boarders</source>
        <translation>Kämpfen: die Enterer angreifen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1161"/>
        <source>Defend: secure the ship&apos;s systems</source>
        <translation>Verteidigen: die Systeme des Schiffs sichern</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1162"/>
        <source>%1&apos;s Boarders on %2: what do they do?</source>
        <translation>Die Enterer von %1 auf %2: Was tun sie?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1164"/>
        <source>Engage: attack the defending Marines</source>
        <translation>Kämpfen: die verteidigenden Marines angreifen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1165"/>
        <source>Sabotage: damage a system</source>
        <translation>Sabotieren: ein System beschädigen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1166"/>
        <source>Where does %1 return to base?</source>
        <translation>Wohin kehrt %1 zur Basis zurück?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1167"/>
        <source>Toward %1&apos;s table edge</source>
        <translation>Zur Tischkante von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1169"/>
        <source>Toward %1, the nearest model with Hangers (%2)</source>
        <translation>Zu %1, dem nächsten Modell mit Hangers (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1171"/>
        <source>Does %1 spend 1 Fuel to double its Speed?</source>
        <translation>Verbraucht %1 1 Treibstoff, um seine Geschwindigkeit zu verdoppeln?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1172"/>
        <source>No: move %1</source>
        <translation>Nein: %1 bewegen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1173"/>
        <source>Yes: move %1</source>
        <translation>Ja: %1 bewegen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1175"/>
        <source>Precise: where does the [D%1] on %2 go?</source>
        <translation>Präzise: Wohin geht das [D%1] auf %2?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1176"/>
        <source>%1 (%2 -&gt; %3)</source>
        <translation>%1 (%2 -&gt; %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1177"/>
        <source>%1 (%2 of %3 boxes left)</source>
        <translation>%1 (%2 von %3 Kästchen übrig)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1179"/>
        <source>Mass Driver: which [D] result causes the Critical Hit on %1?</source>
        <translation>Massebeschleuniger: Welches [D]-Ergebnis verursacht den Kritischen Treffer an %1?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1181"/>
        <source>Critical Hit on %1: which one?</source>
        <translation>Kritischer Treffer an %1: Welcher?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1184"/>
        <source>Does %1 take one of %2&apos;s %3 escape pod(s) with it?</source>
        <translation>Nimmt %1 eine der %3 Rettungskapsel(n) von %2 mit?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1185"/>
        <source>No: leave them aboard %1</source>
        <translation>Nein: sie an Bord von %1 lassen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1186"/>
        <source>Yes: take one escape pod</source>
        <translation>Ja: eine Rettungskapsel mitnehmen</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1188"/>
        <source>the Wreck of %1</source>
        <translation>das Wrack von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1189"/>
        <source>the Tail of %1</source>
        <translation>der Schweif von %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1191"/>
        <source>%1 ends its movement overlapping %2: does it avoid it?</source>
        <translation>%1 beendet seine Bewegung überlappend mit %2: Weicht es aus?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1193"/>
        <source>Stay on %1 (AC:6 attack)</source>
        <translation>Auf %1 bleiben (Angriff AC:6)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1195"/>
        <source>Avoid %1: repositioned clear of it, as if it were a larger ship</source>
        <translation>%1 ausweichen: frei davon neu aufgestellt, als wäre es ein größeres Schiff</translation>
    </message>
</context>
<context>
    <name>jw::FleetBuilder</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="63"/>
        <source>Add to Fleet</source>
        <translation>Zur Flotte hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="66"/>
        <source>Add the selected unit (or double-click it, or drag it to the fleet)</source>
        <translation>Die gewählte Einheit hinzufügen (oder doppelklicken oder in die Flotte ziehen)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="70"/>
        <source>&lt;b&gt;Units&lt;/b&gt;</source>
        <translation>&lt;b&gt;Einheiten&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="82"/>
        <source>Fleet list</source>
        <translation>Flottenliste</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="106"/>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="110"/>
        <source>Copy the selected models, to paste them into another fleet</source>
        <translation>Die gewählten Modelle kopieren, um sie in eine andere Flotte einzufügen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="111"/>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="115"/>
        <source>Add the copied models to this fleet</source>
        <translation>Die kopierten Modelle dieser Flotte hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="131"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="134"/>
        <source>Move Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="135"/>
        <source>Move Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="136"/>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="149"/>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="431"/>
        <source>Selected model</source>
        <translation>Gewähltes Modell</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="153"/>
        <source>Start the game on the table, or embarked on a carrier (Hangers for squadrons, Dock for a capital ship)</source>
        <translation>Das Spiel auf dem Tisch beginnen oder eingeschifft auf einem Träger (Hangers für Staffeln, Dock für ein Großkampfschiff)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="155"/>
        <source>Starts:</source>
        <translation>Beginnt:</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="158"/>
        <source>%1 (%2 TV)</source>
        <translation>%1 (%2 TV)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="177"/>
        <source>Upgrades:</source>
        <translation>Upgrades:</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="182"/>
        <source>Fleet rules</source>
        <translation>Flottenregeln</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="197"/>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="198"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="199"/>
        <source>Weapon Odds</source>
        <translation>Waffenchancen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="202"/>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="288"/>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="289"/>
        <source>Fleet name</source>
        <translation>Flottenname</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="298"/>
        <source>Points level</source>
        <translation>Punktestufe</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="301"/>
        <source> pts</source>
        <translation> Pkt.</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="305"/>
        <source>The game sizes of the rules profile</source>
        <translation>Die Spielgrößen des Regelprofils</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="316"/>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="318"/>
        <source>Faction:</source>
        <translation>Fraktion:</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="320"/>
        <source>Points:</source>
        <translation>Punkte:</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="323"/>
        <source>Rules:</source>
        <translation>Regeln:</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="359"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="363"/>
        <source>Agreed limit</source>
        <translation>Vereinbartes Limit</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="373"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 points · %3 left</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; von %2 Punkten · %3 übrig</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="374"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 points · &lt;b&gt;%3 over&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; von %2 Punkten · &lt;b&gt;%3 zu viel&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="413"/>
        <source>Selected model: %1</source>
        <translation>Gewähltes Modell: %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="414"/>
        <source>On the table (or In Reserve)</source>
        <translation>Auf dem Tisch (oder in Reserve)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="416"/>
        <source>Embarked on %1</source>
        <translation>Eingeschifft auf %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="419"/>
        <source>Embarked on %1 (not a carrier)</source>
        <translation>Eingeschifft auf %1 (kein Träger)</translation>
    </message>
</context>
<context>
    <name>jw::FleetDocument</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="81"/>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="154"/>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="155"/>
        <source>Add %1 units</source>
        <translation>%1 Einheiten hinzufügen</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="172"/>
        <source>Paste %n models</source>
        <translation>
            <numerusform>%n Modell einfügen</numerusform>
            <numerusform>%n Modelle einfügen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="188"/>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="189"/>
        <source>Remove %1 units</source>
        <translation>%1 Einheiten entfernen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="198"/>
        <source>Move %1</source>
        <translation>%1 verschieben</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="209"/>
        <source>Duplicate %1</source>
        <translation>%1 duplizieren</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="218"/>
        <source>Rename %1</source>
        <translation>%1 umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="228"/>
        <source>Embark %1 on %2</source>
        <translation>%1 auf %2 einschiffen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="230"/>
        <source>Deploy %1 on the table</source>
        <translation>%1 auf dem Tisch aufstellen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="239"/>
        <source>Change upgrades of %1</source>
        <translation>Upgrades von %1 ändern</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="246"/>
        <source>Rename fleet</source>
        <translation>Flotte umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="254"/>
        <source>Change faction to %1</source>
        <translation>Fraktion auf %1 ändern</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="261"/>
        <source>Set points to %1</source>
        <translation>Punkte auf %1 setzen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="268"/>
        <source>Use rules %1</source>
        <translation>Regeln %1 verwenden</translation>
    </message>
</context>
<context>
    <name>jw::FleetListModel</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="34"/>
        <source>Capital Ships</source>
        <translation>Großkampfschiffe</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="35"/>
        <source>Squadrons</source>
        <translation>Staffeln</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="36"/>
        <source>Static Defenses</source>
        <translation>Statische Verteidigungen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="37"/>
        <source>Unknown Units</source>
        <translation>Unbekannte Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="266"/>
        <source>%1 (%2) · %3 TV · %4% of the points</source>
        <translation>%1 (%2) · %3 TV · %4% der Punkte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="267"/>
        <source>%1 (%2) · %3 TV</source>
        <translation>%1 (%2) · %3 TV</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="272"/>
        <source>%1: %n models, %2 TV</source>
        <translation>
            <numerusform>%1: %n Modell, %2 TV</numerusform>
            <numerusform>%1: %n Modelle, %2 TV</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="274"/>
        <source> (%1% of the %2 points limit)</source>
        <translation> (%1% des Punktelimits von %2)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="277"/>
        <source>%n of them start embarked and are shown under their carrier</source>
        <translation>
            <numerusform>%n davon beginnt eingeschifft und steht unter seinem Träger</numerusform>
            <numerusform>%n davon beginnen eingeschifft und stehen unter ihrem Träger</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="279"/>
        <source>Upgrades are counted apart, as the fleet rules count them</source>
        <translation>Aufwertungen werden getrennt gezählt, wie die Flottenregeln sie zählen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="326"/>
        <source>unknown unit &apos;%1&apos;</source>
        <translation>unbekannte Einheit „%1“</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="338"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="344"/>
        <source>embarked</source>
        <translation>eingeschifft</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="346"/>
        <source>embarked on %1</source>
        <translation>eingeschifft auf %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="347"/>
        <source>on the table</source>
        <translation>auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="384"/>
        <source>Double-click or press F2 to rename</source>
        <translation>Zum Umbenennen doppelklicken oder F2 drücken</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="423"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="425"/>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="427"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="429"/>
        <source>TV</source>
        <translation>TV</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="431"/>
        <source>Copies</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="433"/>
        <source>Starts</source>
        <translation>Beginnt</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="435"/>
        <source>Upgrades</source>
        <translation>Upgrades</translation>
    </message>
</context>
<context>
    <name>jw::FleetStrip</name>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="131"/>
        <source>Fleets</source>
        <translation>Flotten</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="247"/>
        <source>Hidden</source>
        <comment>a model kept secret: its name under its card in the fleet strip</comment>
        <translation>Verdeckt</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="248"/>
        <source>secret</source>
        <comment>a model kept secret, under its card in the fleet strip</comment>
        <translation>geheim</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="251"/>
        <source>A hidden model of %1: the rules keep it secret (In Reserve or Embarked) until it is revealed</source>
        <translation>Ein verdecktes Modell von %1: Die Regeln halten es geheim (in Reserve oder eingeschifft), bis es aufgedeckt wird</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="279"/>
        <source>S %1/%2</source>
        <comment>Structure left / printed, under a card of the fleet strip</comment>
        <translation>S %1/%2</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="286"/>
        <source>reserve</source>
        <comment>a model not yet on the table, under its card</comment>
        <translation>Reserve</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="289"/>
        <source>embarked</source>
        <comment>under a card of the fleet strip</comment>
        <translation>eingeschifft</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="292"/>
        <source>destroyed</source>
        <comment>under a card of the fleet strip</comment>
        <translation>zerstört</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="295"/>
        <source>withdrawn</source>
        <comment>under a card of the fleet strip</comment>
        <translation>zurückgezogen</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="299"/>
        <source>done</source>
        <comment>activated this turn, under a card of the fleet strip</comment>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="307"/>
        <source>%1 (%2)
%3
Click to select it, double-click for its card</source>
        <translation>%1 (%2)
%3
Klicken zum Auswählen, Doppelklick für die Karte</translation>
    </message>
</context>
<context>
    <name>jw::FlexPicker</name>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="128"/>
        <source>Flex dice</source>
        <translation>Flex-Würfel</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="159"/>
        <source>Best</source>
        <translation>Bestes</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="160"/>
        <source>Drop the dice that give the best result</source>
        <translation>Die Würfel weglegen, die das beste Ergebnis ergeben</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="234"/>
        <source>Macro die %1: escalates a success of Value %1</source>
        <translation>Makrowürfel %1: steigert einen Erfolg mit Wert %1</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="235"/>
        <source>Macro die %1: diminishes a success of Value %1</source>
        <translation>Makrowürfel %1: schwächt einen Erfolg mit Wert %1 ab</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="240"/>
        <source>Pool &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Pool &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="243"/>
        <source>Base and flex dice, rolled together (%1 base + 1 flex): click the die to drop.</source>
        <translation>Basis- und Flex-Würfel, zusammen gewürfelt (%1 Basis + 1 Flex): den Würfel anklicken, der weggelegt wird.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="246"/>
        <source>Base and flex dice, rolled together (%1 base + %2 flex): click the %2 dice to drop.</source>
        <translation>Basis- und Flex-Würfel, zusammen gewürfelt (%1 Basis + %2 Flex): die %2 Würfel anklicken, die weggelegt werden.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="250"/>
        <source>Macro dice (+): each escalates a success of its Value.</source>
        <translation>Makrowürfel (+): jeder steigert einen Erfolg seines Werts.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="251"/>
        <source>Macro dice (−): each diminishes a success of its Value.</source>
        <translation>Makrowürfel (−): jeder schwächt einen Erfolg seines Werts ab.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="318"/>
        <source>Result: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Ergebnis: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="320"/>
        <source>(best)</source>
        <translation>(bestes)</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="323"/>
        <source>(best: %1)</source>
        <translation>(bestes: %1)</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="328"/>
        <source>Drop one more die.</source>
        <translation>Noch einen Würfel weglegen.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="329"/>
        <source>Drop %1 more dice.</source>
        <translation>Noch %1 Würfel weglegen.</translation>
    </message>
</context>
<context>
    <name>jw::GameController</name>
    <message>
        <location filename="../ui/table/gamecontroller.cpp" line="22"/>
        <source>Player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamecontroller.cpp" line="55"/>
        <location filename="../ui/table/gamecontroller.cpp" line="91"/>
        <source>Network game</source>
        <translation>Netzwerkspiel</translation>
    </message>
    <message>
        <location filename="../ui/table/gamecontroller.cpp" line="137"/>
        <source>No game to save.</source>
        <translation>Kein Spiel zum Speichern.</translation>
    </message>
</context>
<context>
    <name>jw::GameTable</name>
    <message>
        <location filename="../ui/table/gametable.cpp" line="61"/>
        <location filename="../ui/table/gametable.cpp" line="214"/>
        <source>Resume It</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="63"/>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="83"/>
        <source>Game Table</source>
        <translation>Spieltisch</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="86"/>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="89"/>
        <location filename="../ui/table/gametable.cpp" line="115"/>
        <source>&amp;New Game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="90"/>
        <location filename="../ui/table/nettable.cpp" line="118"/>
        <source>&amp;Open Game…</source>
        <translation>Spiel ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="91"/>
        <source>&amp;Save Game</source>
        <translation>Spiel &amp;speichern</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="92"/>
        <source>Save Game &amp;As…</source>
        <translation>Spiel speichern &amp;unter…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="96"/>
        <source>&amp;Undo Command</source>
        <translation>Befehl &amp;rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="100"/>
        <source>What the computer would do now in your place, and why.</source>
        <translation>Was der Computer jetzt an Ihrer Stelle tun würde, und warum.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="102"/>
        <source>&amp;Replay…</source>
        <translation>&amp;Wiederholung…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="97"/>
        <source>H&amp;int</source>
        <translation>Ti&amp;pp</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="73"/>
        <source>Play a game on the screen</source>
        <translation>Ein Spiel am Bildschirm spielen</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="74"/>
        <source>Both fleets on a digital table, with every rule of the game applied: the ranges, arcs and exact odds are shown before you commit, and the dice are rolled for you. Play two at this screen, against the computer (choose it for either side in New Game), with a friend at another computer, or on your club&apos;s server. Games are saved as you play and can be replayed command by command.</source>
        <translation>Beide Flotten auf einem digitalen Tisch, mit allen Regeln des Spiels: Reichweiten, Feuerwinkel und genaue Chancen werden gezeigt, bevor Sie sich festlegen, und die Würfel werden für Sie geworfen. Spielen Sie zu zweit an diesem Bildschirm, gegen den Computer (in Neues Spiel für eine der Seiten wählbar), mit einem Freund an einem anderen Computer oder auf dem Server Ihres Clubs. Spiele werden beim Spielen gespeichert und lassen sich Befehl für Befehl wiederholen.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="94"/>
        <source>Keep the game in a file of your choice, to replay or share.</source>
        <translation>Das Spiel in einer Datei Ihrer Wahl aufbewahren, zum Wiederholen oder Weitergeben.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="104"/>
        <source>Rep&amp;lay This Game</source>
        <translation>&amp;Dieses Spiel wiederholen</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="108"/>
        <source>Step through the game being played, command by command; the game goes on.</source>
        <translation>Das laufende Spiel Befehl für Befehl durchgehen; das Spiel läuft weiter.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="109"/>
        <source>Luck R&amp;eport…</source>
        <translation>Glücksber&amp;icht…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="111"/>
        <source>Each player&apos;s dice against the exact odds of the pools rolled.</source>
        <translation>Die Würfel jedes Spielers gegen die genauen Chancen der gewürfelten Pools.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="117"/>
        <source>Set up another game.</source>
        <translation>Ein weiteres Spiel einrichten.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="120"/>
        <source>Game &amp;Table</source>
        <translation>Spiel&amp;tisch</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="123"/>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="134"/>
        <source>New Game…</source>
        <translation>Neues Spiel…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="135"/>
        <source>Open Game…</source>
        <translation>Spiel öffnen…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="149"/>
        <source>Undo is not available in a network game: both computers keep every agreed command.</source>
        <translation>Rückgängig ist in einem Netzwerkspiel nicht möglich: beide Computer behalten jeden vereinbarten Befehl.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="174"/>
        <source>An unfinished game was saved automatically: %1. Resume it, or discard it?</source>
        <translation>Ein nicht beendetes Spiel wurde automatisch gespeichert: %1. Fortsetzen oder verwerfen?</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="184"/>
        <source>Player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="186"/>
        <source>%1 against %2, %3, turn %4</source>
        <translation>%1 gegen %2, %3, Runde %4</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="204"/>
        <source>New Game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="205"/>
        <source>A new game replaces the unfinished one: %1.</source>
        <translation>Ein neues Spiel ersetzt das nicht beendete: %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="210"/>
        <source>Its autosave is overwritten when the new game starts; it cannot be resumed afterwards. Save it first (Game › Save Game As…) to keep it.</source>
        <translation>Sein automatisch gespeicherter Stand wird überschrieben, sobald das neue Spiel beginnt; danach kann es nicht mehr fortgesetzt werden. Zuerst speichern (Spiel › Spiel speichern unter…), um es zu behalten.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="212"/>
        <source>Its autosave is overwritten when the new game starts; it cannot be resumed afterwards. To keep it, resume it and save it (Game › Save Game As…).</source>
        <translation>Sein automatisch gespeicherter Stand wird überschrieben, sobald das neue Spiel beginnt; danach kann es nicht mehr fortgesetzt werden. Um es zu behalten: fortsetzen und speichern (Spiel › Spiel speichern unter…).</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="215"/>
        <source>Replace It</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="275"/>
        <location filename="../ui/table/gametable.cpp" line="291"/>
        <source>Open Game</source>
        <translation>Spiel öffnen</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="276"/>
        <location filename="../ui/table/gametable.cpp" line="312"/>
        <location filename="../ui/table/gametable.cpp" line="326"/>
        <source>Games (*.%1)</source>
        <translation>Spiele (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="305"/>
        <location filename="../ui/table/gametable.cpp" line="311"/>
        <location filename="../ui/table/gametable.cpp" line="319"/>
        <source>Save Game</source>
        <translation>Spiel speichern</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="325"/>
        <source>Replay Game</source>
        <translation>Spiel wiederholen</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="332"/>
        <source>Replay</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="353"/>
        <source>Resume Game</source>
        <translation>Spiel fortsetzen</translation>
    </message>
</context>
<context>
    <name>jw::GameWindow</name>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="111"/>
        <source>ahead</source>
        <translation>voraus</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="113"/>
        <source>astern</source>
        <translation>achteraus</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="114"/>
        <source>to starboard</source>
        <translation>an Steuerbord</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="115"/>
        <source>to port</source>
        <translation>an Backbord</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="266"/>
        <location filename="../ui/table/gamewindow.cpp" line="786"/>
        <source>No game. Game › New Game… to start one.</source>
        <translation>Kein Spiel. Spiel › Neues Spiel… beginnt eines.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="944"/>
        <source>&lt;b&gt;Water Raid › Water Reserves&lt;/b&gt;&lt;br&gt;Click in your highlighted Deployment Zone to place the Stationary Comet (its Body as large as chosen below, its Tail along the zone) before any model is deployed.</source>
        <translation>&lt;b&gt;Water Raid › Water Reserves&lt;/b&gt;&lt;br&gt;In die hervorgehobene eigene Aufstellungszone klicken, um den ortsfesten Kometen zu platzieren (der Kern so groß wie unten gewählt, der Schweif entlang der Zone), bevor ein Modell aufgestellt wird.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="947"/>
        <source>&lt;b&gt;Deployment&lt;/b&gt;&lt;br&gt;Pick a model, then click in the highlighted zone. Q/E or Shift+wheel turn it.</source>
        <translation>&lt;b&gt;Aufstellung&lt;/b&gt;&lt;br&gt;Ein Modell wählen, dann in die hervorgehobene Zone klicken. Q/E oder Umschalt+Mausrad drehen es.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="319"/>
        <source>Facing:</source>
        <translation>Ausrichtung:</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="183"/>
        <source>Game table</source>
        <translation>Spieltisch</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="225"/>
        <source>Table message</source>
        <translation>Meldung zum Tisch</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="236"/>
        <source>Hint</source>
        <translation>Tipp</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="239"/>
        <source>What the computer (Careful) would do now in your place, and why (Game › Hint, Ctrl+H)</source>
        <translation>Was der Computer (Umsichtig) jetzt an Ihrer Stelle tun würde, und warum (Spiel › Tipp, Strg+H)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="289"/>
        <source>The Comet&apos;s Body, 2&quot; to 4&quot; across</source>
        <translation>Der Kern des Kometen, 2&quot; bis 4&quot; Durchmesser</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="290"/>
        <source>Comet Body:</source>
        <translation>Kometenkern:</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="300"/>
        <source>Units to deploy</source>
        <translation>Aufzustellende Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="322"/>
        <source> units</source>
        <translation> Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="323"/>
        <source>Water Raid › Water Reserves: the units of water this model carries (pre-filled with what it takes by default)</source>
        <translation>Water Raid › Water Reserves: die Wassereinheiten, die dieses Modell trägt (vorbelegt mit dem, was es standardmäßig nimmt)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="332"/>
        <source>Water:</source>
        <translation>Wasser:</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="337"/>
        <source>Embark</source>
        <translation>Einschiffen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="346"/>
        <source>Decline to deploy</source>
        <translation>Auf Aufstellung verzichten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="355"/>
        <source>&lt;b&gt;Activation&lt;/b&gt;&lt;br&gt;Click a highlighted model, pick its Action (greyed ones say why not), then Activate.</source>
        <translation>&lt;b&gt;Aktivierung&lt;/b&gt;&lt;br&gt;Ein hervorgehobenes Modell anklicken, seine Aktion wählen (ausgegraute sagen, warum nicht), dann Aktivieren.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="363"/>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="368"/>
        <source>Embarked (off the table) — pick one to activate it and Launch:</source>
        <translation>Eingeschifft (nicht auf dem Tisch) — eines wählen, um es zu aktivieren und zu starten:</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="373"/>
        <source>Embarked units</source>
        <translation>Eingeschiffte Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="380"/>
        <source>Activate</source>
        <translation>Aktivieren</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="410"/>
        <location filename="../ui/table/gamewindow.cpp" line="435"/>
        <source>Move</source>
        <translation>Bewegen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="425"/>
        <source>Turn to Port</source>
        <translation>Nach Backbord drehen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="426"/>
        <source>Turn to Starboard</source>
        <translation>Nach Steuerbord drehen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="436"/>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="443"/>
        <source>Attack</source>
        <translation>Angriff</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="446"/>
        <source>Weapon / target</source>
        <translation>Waffe / Ziel</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="446"/>
        <source>Range, pool or why not</source>
        <translation>Reichweite, Pool oder warum nicht</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="457"/>
        <source>Pick a weapon, then click a green target.</source>
        <translation>Eine Waffe wählen, dann ein grünes Ziel anklicken.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="464"/>
        <source>Resolve Action</source>
        <translation>Aktion abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="472"/>
        <source>Targets</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="475"/>
        <source>Click a target marked orange on the table, or here:</source>
        <translation>Ein orange markiertes Ziel auf dem Tisch anklicken, oder hier:</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="487"/>
        <source>Land…</source>
        <translation>Landen…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="492"/>
        <source>End Activation</source>
        <translation>Aktivierung beenden</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="510"/>
        <source>I am here: show me</source>
        <translation>Ich bin da: zeigen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="528"/>
        <source>Options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="532"/>
        <source>Answer</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="582"/>
        <location filename="../ui/table/gamewindow.cpp" line="2347"/>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="585"/>
        <source>Stop the computer after its current command; click again to let it go on</source>
        <translation>Hält den Computer nach seinem laufenden Befehl an; erneut klicken, damit er weitermacht</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="614"/>
        <source>Victory Points by model</source>
        <translation>Siegpunkte je Modell</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="615"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="615"/>
        <source>At the end</source>
        <translation>Am Ende</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="615"/>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="616"/>
        <source>What the model counts for in Victory Points</source>
        <translation>Was das Modell an Siegpunkten zählt</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="639"/>
        <location filename="../ui/table/gamewindow.cpp" line="644"/>
        <source>Commands</source>
        <translation>Befehle</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="651"/>
        <source>Unit Card</source>
        <translation>Einheitenkarte</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="661"/>
        <source>All events</source>
        <translation>Alle Ereignisse</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="663"/>
        <source>Filter the game log</source>
        <translation>Spielprotokoll filtern</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="664"/>
        <source>Filter…</source>
        <translation>Filtern…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="679"/>
        <source>Game log</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="685"/>
        <source>Game Log</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="751"/>
        <source>Refused — %1: %2</source>
        <translation>Abgelehnt — %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="790"/>
        <source>No game</source>
        <translation>Kein Spiel</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="827"/>
        <source>%1 · Place the Comet</source>
        <translation>%1 · Kometen platzieren</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="831"/>
        <source>%1 wins</source>
        <translation>%1 gewinnt</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="832"/>
        <source>Draw</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="833"/>
        <source>Game over: %1</source>
        <translation>Spielende: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="837"/>
        <source>%1 (over the network) to answer</source>
        <translation>%1 (über das Netzwerk) muss antworten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="838"/>
        <source>%1 (over the network) to act</source>
        <translation>%1 (über das Netzwerk) ist am Zug</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="841"/>
        <source>%1 (the computer) to answer</source>
        <translation>%1 (der Computer) antwortet</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="842"/>
        <source>%1 (the computer) to act</source>
        <translation>%1 (der Computer) ist am Zug</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="844"/>
        <source>%1 to answer</source>
        <translation>%1 antwortet</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="846"/>
        <source>%1 to place the Comet</source>
        <translation>%1 platziert den Kometen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="847"/>
        <source>%1 to act</source>
        <translation>%1 ist am Zug</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="855"/>
        <source> · activating %1</source>
        <translation> · %1 wird aktiviert</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="864"/>
        <source>?</source>
        <comment>Victory Points not known yet (hidden models)</comment>
        <translation>?</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="867"/>
        <source>Turn %1 of %2 · %3%4 · Victory Points %5 %6 : %7 %8</source>
        <translation>Runde %1 von %2 · %3%4 · Siegpunkte %5 %6 : %7 %8</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="876"/>
        <source>%1&apos;s Victory Points count models the rules keep secret until they are revealed: not known yet.</source>
        <translation>Die Siegpunkte von %1 zählen Modelle, die die Regeln geheim halten, bis sie aufgedeckt werden: noch nicht bekannt.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="878"/>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="933"/>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="968"/>
        <source>%1 (on %2)</source>
        <translation>%1 (auf %2)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="991"/>
        <source>Selected: &lt;b&gt;%1&lt;/b&gt; (cannot activate now)</source>
        <translation>Gewählt: &lt;b&gt;%1&lt;/b&gt; (kann jetzt nicht aktiviert werden)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="992"/>
        <source>Selected: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Gewählt: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="993"/>
        <source>No model can activate.</source>
        <translation>Kein Modell kann aktiviert werden.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1022"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1035"/>
        <source>no Action</source>
        <translation>keine Aktion</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1038"/>
        <source>&lt;b&gt;%1&lt;/b&gt; activating, %2%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; wird aktiviert, %2%3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1042"/>
        <source> (resolved)</source>
        <translation> (abgewickelt)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1074"/>
        <source>Click beside %1 to lay a Mine token (Esc stops)</source>
        <translation>Neben %1 klicken, um einen Minenmarker zu legen (Esc beendet)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1076"/>
        <source>Lay Mine tokens…</source>
        <translation>Minenmarker legen…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1079"/>
        <source>Choose the target of %1 (Esc cancels)</source>
        <translation>Ziel für %1 wählen (Esc bricht ab)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1080"/>
        <source>Resolve %1: choose the target…</source>
        <translation>%1 abwickeln: Ziel wählen…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1083"/>
        <source>Resolve %1 on %2</source>
        <translation>%1 gegen %2 abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1088"/>
        <source>Resolve %1 on the %2</source>
        <translation>%1 gegen den %2 abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1092"/>
        <source>Resolve %1</source>
        <translation>%1 abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1106"/>
        <source>%1 — %2&quot; %3</source>
        <translation>%1 — %2&quot; %3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1111"/>
        <source>Resolve %1 against %2</source>
        <translation>%1 gegen %2 abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1120"/>
        <source>%1 — %2&quot;</source>
        <translation>%1 — %2&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1124"/>
        <source>Resolve %1 against the %2</source>
        <translation>%1 gegen den %2 abwickeln</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1140"/>
        <source>Land on %1</source>
        <translation>Auf %1 landen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1154"/>
        <source>Any weapon</source>
        <translation>Beliebige Waffe</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1333"/>
        <source>T%1  %2 (the computer): %3</source>
        <comment>turn, player, reason</comment>
        <translation>R%1  %2 (der Computer): %3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1337"/>
        <source>Why the computer chose this command</source>
        <translation>Warum der Computer diesen Befehl gewählt hat</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1347"/>
        <source>T%1  %2</source>
        <comment>turn number, then the event</comment>
        <translation>R%1  %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1354"/>
        <source>Dice: %1</source>
        <translation>Würfel: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1383"/>
        <source>A hidden model: its card is secret until the rules reveal it.</source>
        <translation>Ein verdecktes Modell: Seine Karte ist geheim, bis die Regeln sie aufdecken.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1407"/>
        <source>Full Size…</source>
        <translation>Volle Größe…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1409"/>
        <source>Show this card in a window of its own, as large as you like (or double-click the card)</source>
        <translation>Diese Karte in einem eigenen Fenster zeigen, so groß wie gewünscht (oder auf die Karte doppelklicken)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1424"/>
        <source>Fleets</source>
        <translation>Flotten</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1515"/>
        <source> arc</source>
        <translation>-Feuerwinkel</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1544"/>
        <source>Hand the computer to &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;%1 chooses in secret: the other player looks away.</source>
        <translation>Den Computer an &lt;b&gt;%1&lt;/b&gt; übergeben.&lt;br&gt;%1 wählt geheim: der andere Spieler sieht weg.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1547"/>
        <source>Hand the computer to &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;%1 has a decision to make.</source>
        <translation>Den Computer an &lt;b&gt;%1&lt;/b&gt; übergeben.&lt;br&gt;%1 muss eine Entscheidung treffen.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1563"/>
        <source>Critical Hit on %1: %2 chooses which one.</source>
        <translation>Kritischer Treffer an %1: %2 wählt, welcher.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1568"/>
        <source>Rule: %1</source>
        <translation>Regel: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1576"/>
        <source>Pool %1&lt;br&gt;Dice: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>Pool %1&lt;br&gt;Würfel: &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1581"/>
        <source>&lt;br&gt;Macro dice: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;br&gt;Makrowürfel: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1594"/>
        <source>%1 — then click on the table</source>
        <translation>%1 — dann auf den Tisch klicken</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1596"/>
        <source>%1  (suggested)</source>
        <translation>%1  (empfohlen)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1775"/>
        <source>Click on the table where %1 moves (up to %2&quot;), or choose another option.</source>
        <translation>Auf den Tisch klicken, wohin sich %1 bewegt (bis zu %2&quot;), oder eine andere Option wählen.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1854"/>
        <source>%1 of %2 left</source>
        <translation>%1 von %2 übrig</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2054"/>
        <source>%1 is Embarked on %2.
Click on the table within %3&quot; of %2 to Launch it, or end the activation to stay aboard.</source>
        <translation>%1 ist auf %2 eingeschifft.
Auf den Tisch innerhalb von %3&quot; um %2 klicken, um es zu starten, oder die Aktivierung beenden, um an Bord zu bleiben.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2081"/>
        <source>Planned %1&quot; · moved %2&quot; · this activation %3–%4&quot; · %5 turn(s) left%6
Drag forward from the ship; turn buttons add a turn point.</source>
        <translation>Geplant %1&quot; · bewegt %2&quot; · diese Aktivierung %3–%4&quot; · %5 Wende(n) übrig%6
Vom Schiff nach vorn ziehen; die Drehknöpfe setzen einen Wendepunkt.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2089"/>
        <source> (Skill Test to turn)</source>
        <translation> (Fertigkeitsprobe zum Wenden)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2099"/>
        <source>min %1&quot; · max %2&quot;</source>
        <translation>min. %1&quot; · max. %2&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2066"/>
        <source>This move would be refused — %1</source>
        <translation>Diese Bewegung würde abgelehnt — %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="605"/>
        <source>The final standing</source>
        <translation>Der Endstand</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1231"/>
        <source>%1: %2 Victory Points, %3 Objective Points</source>
        <translation>%1: %2 Siegpunkte, %3 Missionspunkte</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1242"/>
        <source>Destroyed</source>
        <translation>Zerstört</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1245"/>
        <source>Withdrawn, Crippled</source>
        <translation>Zurückgezogen, lahmgelegt</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1245"/>
        <source>Withdrawn</source>
        <translation>Zurückgezogen</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1248"/>
        <source>In Reserve</source>
        <translation>In Reserve</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1251"/>
        <source>Embarked</source>
        <translation>Eingeschifft</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1254"/>
        <source>On the table</source>
        <translation>Auf dem Tisch</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1258"/>
        <source>Captured by %1</source>
        <translation>Gekapert von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1263"/>
        <source>%1 for %2</source>
        <translation>%1 für %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2105"/>
        <source>Path %1&quot; of %2&quot; left (Speed %3)
Click to add waypoints, drag to move the last one.</source>
        <translation>Weg %1&quot; von %2&quot; übrig (Geschwindigkeit %3)
Klicken setzt Wegpunkte, Ziehen verschiebt den letzten.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2174"/>
        <source>Undo is not available in a network game: both computers keep every agreed command.</source>
        <translation>Rückgängig ist in einem Netzwerkspiel nicht möglich: beide Computer behalten jeden vereinbarten Befehl.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2188"/>
        <source>Hint: %1</source>
        <translation>Tipp: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2258"/>
        <source>Hidden model</source>
        <translation>Verdecktes Modell</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2267"/>
        <source>A hint is for the person who must answer now.</source>
        <translation>Ein Tipp ist für die Person, die jetzt antworten muss.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2270"/>
        <source>Hint: the computer is thinking…</source>
        <translation>Tipp: der Computer denkt nach …</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2286"/>
        <source>The network game</source>
        <translation>Das Netzwerkspiel</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2292"/>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2306"/>
        <source>Last agreed: %1</source>
        <translation>Zuletzt vereinbart: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2320"/>
        <source>Random</source>
        <translation>Zufällig</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2321"/>
        <source>Greedy</source>
        <translation>Gierig</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2322"/>
        <source>Expert</source>
        <translation>Experte</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2323"/>
        <source>Careful</source>
        <translation>Umsichtig</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2326"/>
        <source>%1 (the computer, %2) is stuck: %3 Undo, or save the game and report it.</source>
        <translation>%1 (der Computer, %2) kommt nicht weiter: %3 Machen Sie einen Schritt rückgängig oder speichern Sie das Spiel und melden Sie es.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2329"/>
        <source>%1 (the computer, %2) is paused.</source>
        <translation>%1 (der Computer, %2) ist angehalten.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2332"/>
        <source>%1 (the computer, %2) is thinking…</source>
        <translation>%1 (der Computer, %2) denkt nach …</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2341"/>
        <source>Last: %1 (the computer): %2</source>
        <translation>Zuletzt: %1 (der Computer): %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2347"/>
        <source>Resume</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2358"/>
        <source>%1 to %2: %3&quot;</source>
        <translation>%1 bis %2: %3&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2374"/>
        <source>it may activate now: Space selects it</source>
        <translation>es kann jetzt aktivieren: die Leertaste wählt es</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2377"/>
        <source>it is activating</source>
        <translation>es aktiviert gerade</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2386"/>
        <source>a target: Space attacks it (%1)</source>
        <translation>ein Ziel: die Leertaste greift es an (%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2387"/>
        <source>not a target now: %1</source>
        <translation>jetzt kein Ziel: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2391"/>
        <source>a target of the Action: Space picks it</source>
        <translation>ein Ziel der Aktion: die Leertaste wählt es</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2394"/>
        <source>it may be deployed</source>
        <translation>es kann aufgestellt werden</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2397"/>
        <source>Space shows its card</source>
        <translation>die Leertaste zeigt seine Karte</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2401"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2402"/>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2410"/>
        <source>The table seen from above. Arrow keys scroll, + and - zoom; N and P go from model to model, Space picks one; Tab moves to the commands.</source>
        <translation>Der Tisch von oben. Die Pfeiltasten verschieben, + und - zoomen; N und P gehen von Modell zu Modell, die Leertaste wählt eines; Tab geht zu den Befehlen.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2420"/>
        <source>Measure: shift-click a second model.</source>
        <translation>Messen: ein zweites Modell mit Umschalt anklicken.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1443"/>
        <location filename="../ui/table/gamewindow.cpp" line="2440"/>
        <location filename="../ui/table/gamewindow.cpp" line="2492"/>
        <source>Not a target of the Action: click a model marked in orange, or press Esc.</source>
        <translation>Kein Ziel der Aktion: ein orange markiertes Modell anklicken oder Esc drücken.</translation>
    </message>
</context>
<context>
    <name>jw::GettingStarted</name>
    <message>
        <location filename="../ui/help/gettingstarted.cpp" line="16"/>
        <location filename="../ui/help/gettingstarted.cpp" line="20"/>
        <source>Getting Started</source>
        <translation>Erste Schritte</translation>
    </message>
</context>
<context>
    <name>jw::HelpMenu</name>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="20"/>
        <source>&amp;Rules Reference</source>
        <translation>&amp;Regelreferenz</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="24"/>
        <source>The rules texts, searchable, with jwfleet&apos;s house rulings</source>
        <translation>Die Regeltexte, durchsuchbar, mit den Hausregeln von jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="27"/>
        <source>&amp;Getting Started</source>
        <translation>&amp;Erste Schritte</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="42"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="52"/>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <location filename="../ui/help/rulelink.cpp" line="31"/>
        <source>Open this rule in the Rules Reference</source>
        <translation>Diese Regel in der Regelreferenz öffnen</translation>
    </message>
</context>
<context>
    <name>jw::HostNetworkDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="48"/>
        <source>Host Network Game</source>
        <translation>Netzwerkspiel eröffnen</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="51"/>
        <source>Chosen by your friend when they join.</source>
        <translation>Wählt Ihr Mitspieler beim Beitritt.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="53"/>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="57"/>
        <source>This computer has no network address: check its connection.</source>
        <translation>Dieser Computer hat keine Netzwerkadresse: Verbindung prüfen.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="58"/>
        <source>Give your friend this computer&apos;s address: %1 (on the internet, your router&apos;s public address and a forwarded port).</source>
        <translation>Geben Sie Ihrem Mitspieler die Adresse dieses Computers: %1 (im Internet die öffentliche Adresse Ihres Routers und einen weitergeleiteten Port).</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="60"/>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="64"/>
        <source>Address:</source>
        <translation>Adresse:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="65"/>
        <source>Host Game</source>
        <translation>Spiel eröffnen</translation>
    </message>
</context>
<context>
    <name>jw::JoinNetworkDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="89"/>
        <source>Join Network Game</source>
        <translation>Netzwerkspiel beitreten</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="93"/>
        <source>Chosen by the host, with the scenario and the rules.</source>
        <translation>Wählt der Gastgeber, zusammen mit Szenario und Regeln.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="96"/>
        <source>e.g. 192.168.1.20 or a host name</source>
        <translation>z. B. 192.168.1.20 oder ein Rechnername</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="98"/>
        <source>Host address:</source>
        <translation>Adresse des Gastgebers:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="100"/>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="106"/>
        <source>Join Game</source>
        <translation>Beitreten</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="132"/>
        <source>Type the address of the host&apos;s computer.</source>
        <translation>Geben Sie die Adresse des Computers des Gastgebers ein.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="139"/>
        <source>Choose your fleet.</source>
        <translation>Wählen Sie Ihre Flotte.</translation>
    </message>
</context>
<context>
    <name>jw::LuckChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="586"/>
        <source>Luck over the campaign</source>
        <translation>Glück über die Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="605"/>
        <source>%1 %2 in %3 attack rolls</source>
        <translation>%1 %2 in %3 Angriffswürfen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="609"/>
        <source>Successes above or below the odds over the campaign: %1.</source>
        <translation>Erfolge über oder unter der Erwartung in der Kampagne: %1.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="616"/>
        <source>Luck over the campaign: no battles yet.</source>
        <translation>Glück über die Kampagne: noch keine Schlachten.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="621"/>
        <source>Luck over the campaign: no battle has recorded dice. Only a battle imported from a game of jwfleet (Import Game…, Game › Add Battle to Campaign) records its rolls; a battle entered by hand or from a battle report has none.</source>
        <translation>Glück über die Kampagne: keine Schlacht hat aufgezeichnete Würfel. Nur eine aus einem jwfleet-Spiel importierte Schlacht (Spiel importieren…, Spiel › Schlacht zur Kampagne hinzufügen) zeichnet ihre Würfe auf; eine von Hand oder aus einem Schlachtbericht eingetragene Schlacht hat keine.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="639"/>
        <source>Battles without recorded dice (entered by hand or from a battle report): %1 of %2, drawn as hollow points and not counted.</source>
        <translation>Schlachten ohne aufgezeichnete Würfel (von Hand oder aus einem Schlachtbericht eingetragen): %1 von %2, als hohle Punkte gezeichnet und nicht gezählt.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="655"/>
        <source>Luck: attack successes above (+) or below (−) the odds, added up</source>
        <translation>Glück: Angriffserfolge über (+) oder unter (−) der Erwartung, aufsummiert</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="664"/>
        <source>from a battle report</source>
        <translation>aus einem Schlachtbericht</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="666"/>
        <source>imported before jwfleet recorded dice</source>
        <translation>importiert, bevor jwfleet Würfel aufzeichnete</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="667"/>
        <source>entered by hand</source>
        <translation>von Hand eingetragen</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="685"/>
        <source>%1, battle %2 (%3)</source>
        <translation>%1, Schlacht %2 (%3)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="687"/>
        <source>%1: %2 successes in %3 attack rolls, %4 expected (%5); campaign so far: %6</source>
        <translation>%1: %2 Erfolge in %3 Angriffswürfen, %4 erwartet (%5); Kampagne bisher: %6</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="693"/>
        <source>%1: no dice recorded (%2), not counted; campaign so far: %3</source>
        <translation>%1: keine Würfel aufgezeichnet (%2), nicht gezählt; Kampagne bisher: %3</translation>
    </message>
</context>
<context>
    <name>jw::LuckReportDialog</name>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="64"/>
        <source>Luck Report</source>
        <translation>Glücksbericht</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="67"/>
        <source>Each player&apos;s dice against the exact odds of the pools they rolled: the successes and the damage expected, and what the dice gave.</source>
        <translation>Die Würfel jedes Spielers gegen die genauen Chancen der gewürfelten Pools: die erwarteten Erfolge und der erwartete Schaden, und was die Würfel ergaben.</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="115"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="129"/>
        <source>Attack rolls</source>
        <translation>Angriffswürfe</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Successes</source>
        <translation>Erfolge</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="87"/>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="126"/>
        <source>Damage</source>
        <translation>Schaden</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Expected successes</source>
        <translation>Erwartete Erfolge</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <source>Other rolls</source>
        <translation>Andere Würfe</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="126"/>
        <source>Expected damage</source>
        <translation>Erwarteter Schaden</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <source>Their successes</source>
        <translation>Deren Erfolge</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="90"/>
        <source>Totals</source>
        <translation>Summen</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="111"/>
        <source>Every other roll of a pool: defence, Skill Tests, firefights</source>
        <translation>Jeder andere Wurf eines Pools: Verteidigung, Fertigkeitsproben, Feuergefechte</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Turn</source>
        <translation>Runde</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Attacker</source>
        <translation>Angreifer</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Weapon</source>
        <translation>Waffe</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Rolled</source>
        <translation>Gewürfelt</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="136"/>
        <source>re-roll</source>
        <translation>Wiederholungswurf</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="136"/>
        <source>%1 (re-roll)</source>
        <translation>%1 (Wiederholungswurf)</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="156"/>
        <source>No attack has been rolled yet.</source>
        <translation>Es wurde noch kein Angriff gewürfelt.</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="163"/>
        <source>&amp;Copy as Text</source>
        <translation>Als Text &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="164"/>
        <source>Copy the report in English, as jwfleet-cli prints it</source>
        <translation>Den Bericht auf Englisch kopieren, wie jwfleet-cli ihn ausgibt</translation>
    </message>
</context>
<context>
    <name>jw::MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="77"/>
        <source>deployment</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="78"/>
        <source>deployment of %1</source>
        <translation>Aufstellung von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="81"/>
        <source>embarking</source>
        <translation>Einschiffen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="82"/>
        <source>embarking %1</source>
        <translation>Einschiffen von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="84"/>
        <source>decline to deploy</source>
        <translation>Verzicht auf Aufstellung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="86"/>
        <source>activation of %1</source>
        <translation>Aktivierung von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="89"/>
        <location filename="../ui/mainwindow.cpp" line="92"/>
        <source>move of %1</source>
        <translation>Bewegung von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="89"/>
        <location filename="../ui/mainwindow.cpp" line="92"/>
        <source>move</source>
        <translation>Bewegung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="95"/>
        <source>attack by %1</source>
        <translation>Angriff von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="95"/>
        <source>attack</source>
        <translation>Angriff</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="97"/>
        <source>answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="99"/>
        <source>action of %1</source>
        <translation>Aktion von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="99"/>
        <source>action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="102"/>
        <source>launch from %1</source>
        <translation>Start von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="102"/>
        <source>launch</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="105"/>
        <source>landing of %1</source>
        <translation>Landung von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="105"/>
        <source>landing</source>
        <translation>Landung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="108"/>
        <source>end of %1&apos;s activation</source>
        <translation>Ende der Aktivierung von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="109"/>
        <source>end of activation</source>
        <translation>Ende der Aktivierung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="111"/>
        <source>Beacon placement</source>
        <translation>Beacon-Platzierung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="112"/>
        <source>scenario set-up</source>
        <translation>Szenarioaufbau</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="113"/>
        <source>Comet placement</source>
        <translation>Kometenplatzierung</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="114"/>
        <source>dice roll</source>
        <translation>Würfelwurf</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="115"/>
        <source>correction</source>
        <translation>Korrektur</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="168"/>
        <source>%1 added to %2 (Undo on the Fleet Builder takes it back)</source>
        <translation>%1: zu %2 hinzugefügt (Rückgängig im Flottenbau nimmt es zurück)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="172"/>
        <source>Fleet Builder</source>
        <translation>Flottenbau</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="173"/>
        <source>Unit Database</source>
        <translation>Einheitendatenbank</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="189"/>
        <location filename="../ui/mainwindow.cpp" line="333"/>
        <source>Companion</source>
        <translation>Begleiter</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="216"/>
        <source>Campaign</source>
        <translation>Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="237"/>
        <source>Add Battle to &amp;Campaign</source>
        <translation>Schlacht zur &amp;Kampagne hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="240"/>
        <source>Add the finished game to the open campaign, with every unit&apos;s outcome</source>
        <translation>Das beendete Spiel mit dem Ergebnis jeder Einheit zur geöffneten Kampagne hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="298"/>
        <source>%1 factions, %2 units (%3 provisional) · rules %4</source>
        <translation>%1 Fraktionen, %2 Einheiten (%3 vorläufig) · Regeln %4</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="324"/>
        <source>Companion – jwfleet</source>
        <translation>Begleiter – jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="390"/>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="395"/>
        <source>Show every panel of the Game Table where it was at first</source>
        <translation>Alle Bereiche des Spieltischs wieder an ihrem ursprünglichen Platz zeigen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="400"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="402"/>
        <source>&amp;New Fleet</source>
        <translation>&amp;Neue Flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="404"/>
        <source>&amp;Open Fleet…</source>
        <translation>Flotte ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="406"/>
        <location filename="../ui/mainwindow.cpp" line="747"/>
        <source>Open Fleet</source>
        <translation>Flotte öffnen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="411"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="414"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="416"/>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="418"/>
        <source>&amp;Close Fleet</source>
        <translation>Flotte schl&amp;ießen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="422"/>
        <source>&amp;Export Fleet</source>
        <translation>Flotte e&amp;xportieren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="423"/>
        <source>As &amp;Text…</source>
        <translation>Als &amp;Text…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="424"/>
        <source>As &amp;Markdown…</source>
        <translation>Als &amp;Markdown…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="426"/>
        <source>As &amp;JSON…</source>
        <translation>Als &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="428"/>
        <source>&amp;Print Fleet…</source>
        <translation>Flotte d&amp;rucken…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="431"/>
        <source>Export Fleet Cards to P&amp;DF…</source>
        <translation>Flottenkarten als P&amp;DF exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="437"/>
        <location filename="../ui/mainwindow.cpp" line="449"/>
        <source>Print &amp;Unit Card…</source>
        <translation>&amp;Einheitenkarte drucken…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="441"/>
        <location filename="../ui/mainwindow.cpp" line="451"/>
        <source>Export Unit Card as PN&amp;G…</source>
        <translation>Einheitenkarte als PN&amp;G exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="449"/>
        <source>Print Card of %1…</source>
        <translation>Karte von %1 drucken…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="450"/>
        <source>Export Card of %1 as PNG…</source>
        <translation>Karte von %1 als PNG exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="454"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="458"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="459"/>
        <location filename="../ui/mainwindow.cpp" line="640"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="462"/>
        <location filename="../ui/mainwindow.cpp" line="648"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="481"/>
        <source>&amp;Copy Fleet as Text</source>
        <translation>Flotte als Text &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="484"/>
        <source>&amp;Find Unit…</source>
        <translation>Einheit &amp;suchen…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="499"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="501"/>
        <source>Fleet &amp;Builder</source>
        <translation>Flotten&amp;bau</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="503"/>
        <source>Unit &amp;Database</source>
        <translation>&amp;Einheitendatenbank</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="505"/>
        <source>&amp;Game Table</source>
        <translation>&amp;Spieltisch</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="507"/>
        <source>Co&amp;mpanion</source>
        <translation>Be&amp;gleiter</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="516"/>
        <source>&amp;Campaign</source>
        <translation>&amp;Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="521"/>
        <source>Game Table Pa&amp;nels</source>
        <translation>Be&amp;reiche des Spieltischs</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="523"/>
        <source>Companion in Its Own &amp;Window</source>
        <translation>Begleiter in eigenem &amp;Fenster</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="527"/>
        <source>Show the companion in a window of its own, e.g. on a portrait tablet screen</source>
        <translation>Den Begleiter in einem eigenen Fenster zeigen, z. B. auf einem Tablet im Hochformat</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="530"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="537"/>
        <source>&amp;Theme</source>
        <translation>Farbsche&amp;ma</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="539"/>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="539"/>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="539"/>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="548"/>
        <source>Unit Data &amp;Problems…</source>
        <translation>&amp;Probleme in den Einheitendaten…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="550"/>
        <source>Unit data</source>
        <translation>Einheitendaten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="550"/>
        <source>The unit data has no problems.</source>
        <translation>Die Einheitendaten haben keine Probleme.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="555"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="557"/>
        <source>&amp;About jwfleet</source>
        <translation>Ü&amp;ber jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="559"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="609"/>
        <source>in the fleet</source>
        <translation>in der Flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="612"/>
        <source>in the campaign</source>
        <translation>in der Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="615"/>
        <source>in the unit data</source>
        <translation>in den Einheitendaten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="617"/>
        <location filename="../ui/mainwindow.cpp" line="624"/>
        <source>in the game</source>
        <translation>im Spiel</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="631"/>
        <source>on this tab</source>
        <translation>auf diesem Tab</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="640"/>
        <source>&amp;Undo %1</source>
        <translation>&amp;Rückgängig: %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="644"/>
        <source>Cannot Undo the %1 (dice rolled or something revealed)</source>
        <translation>Rückgängig nicht möglich: %1 (gewürfelt oder etwas aufgedeckt)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="646"/>
        <source>Nothing to Undo %1</source>
        <translation>Nichts %1 rückgängig zu machen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="648"/>
        <source>&amp;Redo %1</source>
        <translation>&amp;Wiederherstellen: %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="649"/>
        <source>Nothing to Redo %1</source>
        <translation>Nichts %1 wiederherzustellen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="686"/>
        <source>%1[*] – jwfleet</source>
        <translation>%1[*] – jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="748"/>
        <source>%1 cannot be read.</source>
        <translation>%1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="756"/>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="765"/>
        <location filename="../ui/mainwindow.cpp" line="783"/>
        <location filename="../ui/mainwindow.cpp" line="789"/>
        <source>Save Fleet</source>
        <translation>Flotte speichern</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="769"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="778"/>
        <source>fleet</source>
        <translation>flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="801"/>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="802"/>
        <source>The fleet &quot;%1&quot; has changes that are not saved.</source>
        <translation>Die Flotte „%1“ hat Änderungen, die nicht gespeichert sind.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="833"/>
        <source>No recent fleets</source>
        <translation>Keine zuletzt geöffneten Flotten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="836"/>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="854"/>
        <location filename="../ui/mainwindow.cpp" line="861"/>
        <source>Export Fleet</source>
        <translation>Flotte exportieren</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="855"/>
        <source>%1 files (*.%2);;All files (*)</source>
        <translation>%1-Dateien (*.%2);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="864"/>
        <source>Exported to %1</source>
        <translation>Exportiert nach %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="876"/>
        <source>The fleet list is on the clipboard</source>
        <translation>Die Flottenliste ist in der Zwischenablage</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="893"/>
        <source>Your printed card values in %1 have errors and were not loaded</source>
        <translation>Ihre Kartenwerte in %1 haben Fehler und wurden nicht geladen</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="923"/>
        <source>Shipped Values of %1</source>
        <translation>ausgelieferte Werte von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="924"/>
        <source>Card Values of %1</source>
        <translation>Kartenwerte von %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="926"/>
        <source>%1 is back to the shipped values</source>
        <translation>%1 hat wieder die ausgelieferten Werte</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="927"/>
        <source>%1: %n value(s) from your printed card (Edit › Undo on this tab takes them back)</source>
        <translation>
            <numerusform>%1: %n Wert von Ihrer gedruckten Karte (Bearbeiten › Rückgängig auf diesem Tab nimmt ihn zurück)</numerusform>
            <numerusform>%1: %n Werte von Ihrer gedruckten Karte (Bearbeiten › Rückgängig auf diesem Tab nimmt sie zurück)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="939"/>
        <source>Printed Card Values</source>
        <translation>Werte der gedruckten Karte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="940"/>
        <source>Your values could not be saved: %1</source>
        <translation>Ihre Werte konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="981"/>
        <source>The rules some of these problems are about: %1</source>
        <translation>Die Regeln, die einige dieser Probleme betreffen: %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="994"/>
        <source>Problems in your printed card values</source>
        <translation>Probleme in Ihren Kartenwerten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="995"/>
        <source>The file of the values you entered from printed cards, %1, has errors: it was not loaded, and jwfleet shows the shipped values. Fix the file (see the details) or remove it.</source>
        <translation>Die Datei der Werte, die Sie von gedruckten Karten eingegeben haben, %1, hat Fehler: Sie wurde nicht geladen, und jwfleet zeigt die ausgelieferten Werte. Korrigieren Sie die Datei (siehe Details) oder entfernen Sie sie.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1010"/>
        <source>Problems in the unit data</source>
        <translation>Probleme in den Einheitendaten</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1012"/>
        <source>Some faction files have errors and were not loaded. Fix them and restart, or check them with &apos;jwfleet-cli check-data&apos;.</source>
        <translation>Einige Fraktionsdateien enthalten Fehler und wurden nicht geladen. Die Fehler beheben und neu starten oder die Dateien mit &apos;jwfleet-cli check-data&apos; prüfen.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1014"/>
        <source>The unit data has warnings.</source>
        <translation>Die Einheitendaten enthalten Warnungen.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1024"/>
        <source>About jwfleet</source>
        <translation>Über jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1025"/>
        <source>&lt;h3&gt;jwfleet %1&lt;/h3&gt;&lt;p&gt;Fleet builder, unit cards and game table for &lt;i&gt;Jovian Wars&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Rules version: &lt;b&gt;%2&lt;/b&gt; (the default profile; v1.2.3 and v1.2.4 are available as rules profiles).&lt;/p&gt;&lt;p&gt;Units marked &lt;i&gt;provisional&lt;/i&gt; carry values of our own where the rules give none; replace them with the printed cards&apos; values.&lt;/p&gt;&lt;p&gt;Built with Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;jwfleet %1&lt;/h3&gt;&lt;p&gt;Flottenbau, Einheitenkarten und Spieltisch für &lt;i&gt;Jovian Wars&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Regelversion: &lt;b&gt;%2&lt;/b&gt; (das Standardprofil; v1.2.3 und v1.2.4 sind als Regelprofile verfügbar).&lt;/p&gt;&lt;p&gt;Als &lt;i&gt;vorläufig&lt;/i&gt; markierte Einheiten tragen eigene Werte, wo die Regeln keine angeben; diese durch die Werte der gedruckten Karten ersetzen.&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %3.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>jw::NetGame</name>
    <message>
        <location filename="../ui/table/netgame.cpp" line="108"/>
        <source>A player who tried to join was refused: %1</source>
        <translation>Ein Spieler, der beitreten wollte, wurde abgewiesen: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="136"/>
        <location filename="../ui/table/netgame.cpp" line="219"/>
        <source>Could not join: %1</source>
        <translation>Beitritt nicht möglich: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="515"/>
        <source>It is %1&apos;s turn (over the network).</source>
        <translation>%1 ist am Zug (über das Netzwerk).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="532"/>
        <source>The game with %1 goes on after command %2.</source>
        <translation>Das Spiel mit %1 geht nach Befehl %2 weiter.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="538"/>
        <source>The game with %1 has begun (side %2: %3).</source>
        <translation>Das Spiel mit %1 hat begonnen (Seite %2: %3).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="566"/>
        <source>Refused a message of %1: %2</source>
        <translation>Eine Nachricht von %1 wurde abgewiesen: %2</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="590"/>
        <source>The network game ended: %1</source>
        <translation>Das Netzwerkspiel ist beendet: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="596"/>
        <source>The network game stopped: %1</source>
        <translation>Das Netzwerkspiel wurde angehalten: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="646"/>
        <source>%1 is back: resuming from the last agreed command.</source>
        <translation>%1 ist zurück: es geht beim zuletzt vereinbarten Befehl weiter.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="674"/>
        <source>Connected to %1 again: resuming from the last agreed command.</source>
        <translation>Wieder mit %1 verbunden: es geht beim zuletzt vereinbarten Befehl weiter.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="432"/>
        <location filename="../ui/table/netgame.cpp" line="680"/>
        <source>Could not reconnect: %1</source>
        <translation>Erneutes Verbinden nicht möglich: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="695"/>
        <source>%1 left the game</source>
        <translation>%1 hat das Spiel verlassen</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="728"/>
        <source>Player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="730"/>
        <source>the other player</source>
        <translation>der andere Spieler</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="768"/>
        <source>command %1 (%2: %3)</source>
        <translation>Befehl %1 (%2: %3)</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="806"/>
        <source>Hosting a network game on port %1. Give your friend this computer&apos;s address (%2) and the port. Waiting for them to join…</source>
        <translation>Netzwerkspiel auf Port %1 eröffnet. Geben Sie Ihrem Mitspieler die Adresse dieses Computers (%2) und den Port. Warten auf den Beitritt …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="804"/>
        <location filename="../ui/table/netgame.cpp" line="809"/>
        <source>none found: check the network</source>
        <translation>keine gefunden: Netzwerk prüfen</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="115"/>
        <source>%1 declined the game. Waiting for another player…</source>
        <translation>%1 hat das Spiel abgelehnt. Warten auf einen anderen Spieler…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="116"/>
        <source>%1 declined the game (%2). Waiting for another player…</source>
        <translation>%1 hat das Spiel abgelehnt (%2). Warten auf einen anderen Spieler…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="164"/>
        <source>%1 declined it</source>
        <translation>%1 hat es abgelehnt</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="165"/>
        <source>You declined %1&apos;s game.</source>
        <translation>Sie haben das Spiel von %1 abgelehnt.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="209"/>
        <location filename="../ui/table/netgame.cpp" line="627"/>
        <source>Could not resume: %1</source>
        <translation>Fortsetzen nicht möglich: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="249"/>
        <source>The club server %1 is back: game %2 is open again, waiting for a player to join.</source>
        <translation>Der Clubserver %1 ist zurück: Spiel %2 ist wieder offen und wartet auf einen Mitspieler.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="345"/>
        <source>The club server %1 went away (%2). It keeps game %3 open: this computer takes it back when the server is back.</source>
        <translation>Der Clubserver %1 ist weg (%2). Er hält Spiel %3 offen: Dieser Computer übernimmt es wieder, sobald der Server zurück ist.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="349"/>
        <source>it shut down</source>
        <translation>er wurde beendet</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="544"/>
        <source>Hidden models are masked: this computer knows %1&apos;s models In Reserve or Embarked only as commitments until the rules reveal them.</source>
        <translation>Verdeckte Modelle sind maskiert: Dieser Computer kennt die Modelle von %1 in Reserve oder eingeschifft nur als Festlegungen, bis die Regeln sie aufdecken.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="548"/>
        <source>Hidden models are not masked (%1&apos;s program or the club server cannot): both computers hold both fleets; each screen shows only what the rules let its player see.</source>
        <translation>Verdeckte Modelle sind nicht maskiert (das Programm von %1 oder der Clubserver kann es nicht): Beide Computer kennen beide Flotten; jeder Bildschirm zeigt nur, was die Regeln seinen Spieler sehen lassen.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="553"/>
        <source>But the fleets were sent in clear before the game: both computers have both fleets.</source>
        <translation>Aber die Flotten wurden vor dem Spiel im Klartext gesendet: Beide Computer haben beide Flotten.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="581"/>
        <source>The club server shut down; it saved game %1. This computer takes its seat again when the server is back.</source>
        <translation>Der Clubserver wurde beendet; er hat Spiel %1 gespeichert. Dieser Computer nimmt seinen Platz wieder ein, sobald der Server zurück ist.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="780"/>
        <source>The club server %1 is away. It keeps game %2 open: this computer takes it back by itself when the server is back (it tries every few seconds).</source>
        <translation>Der Clubserver %1 ist nicht erreichbar. Er hält Spiel %2 offen: Dieser Computer übernimmt es von selbst wieder, sobald der Server zurück ist (er versucht es alle paar Sekunden).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="799"/>
        <source>Resuming the saved game with %1 on port %2. Give them this computer&apos;s address (%3) and the port: they join with the game their computer saved. Waiting for them…</source>
        <translation>Das gespeicherte Spiel mit %1 wird auf Port %2 fortgesetzt. Geben Sie der anderen Seite die Adresse dieses Computers (%3) und den Port: Sie tritt mit dem Spiel bei, das ihr Computer gespeichert hat. Warten auf die andere Seite…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="805"/>
        <location filename="../ui/table/netgame.cpp" line="810"/>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="819"/>
        <source>%1 offers this game: %2, rules %3; their fleet (%4 points) against yours (%5 points). Accept it to begin, or decline it.</source>
        <translation>%1 bietet dieses Spiel an: %2, Regeln %3; seine Flotte (%4 Punkte) gegen Ihre (%5 Punkte). Nehmen Sie es an, um zu beginnen, oder lehnen Sie es ab.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="824"/>
        <source>%1 offers this game: %2, rules %3; their fleet %4 (%5 points) against yours (%6 points). Accept it to begin, or decline it.</source>
        <translation>%1 bietet dieses Spiel an: %2, Regeln %3; seine Flotte %4 (%5 Punkte) gegen Ihre (%6 Punkte). Nehmen Sie es an, um zu beginnen, oder lehnen Sie es ab.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="840"/>
        <source>Connecting to %1, port %2…</source>
        <translation>Verbindung mit %1, Port %2 …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="846"/>
        <source>Connected to %1: going back to the last command both agreed on…</source>
        <translation>Mit %1 verbunden: zurück zum letzten Befehl, auf den sich beide geeinigt haben…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="848"/>
        <source>Connected to %1: agreeing on the game and the dice of the start…</source>
        <translation>Mit %1 verbunden: Spiel und Würfel des Spielbeginns werden vereinbart …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="856"/>
        <source>Your turn. Network game with %1.</source>
        <translation>Sie sind am Zug. Netzwerkspiel mit %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="858"/>
        <source>Waiting for %1 (over the network)…</source>
        <translation>Warten auf %1 (über das Netzwerk) …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="859"/>
        <source>Waiting for %1 to agree on the command and its dice…</source>
        <translation>Warten, bis %1 den Befehl und seine Würfel bestätigt …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="862"/>
        <source>No command was agreed yet.</source>
        <translation>Noch kein Befehl vereinbart.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="863"/>
        <source>The last agreed command is %1.</source>
        <translation>Der zuletzt vereinbarte Befehl ist %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="866"/>
        <source>The game is paused: the club server shut down (it saved game %1). It resumes when the server is back and both players take their seats again. This computer tries every few seconds; Reconnect tries at once.</source>
        <translation>Das Spiel ist unterbrochen: Der Clubserver wurde beendet (er hat Spiel %1 gespeichert). Es geht weiter, sobald der Server zurück ist und beide Spieler ihre Plätze wieder einnehmen. Dieser Computer versucht es alle paar Sekunden; Neu verbinden versucht es sofort.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="882"/>
        <source>The connection to %1 was lost: the game is paused; it resumes when %1 reconnects.</source>
        <translation>Die Verbindung zu %1 ist abgebrochen: das Spiel ist pausiert; es geht weiter, wenn %1 sich wieder verbindet.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="885"/>
        <source>The connection to %1 was lost: the game is paused; it resumes when you reconnect (Reconnect).</source>
        <translation>Die Verbindung zu %1 ist abgebrochen: das Spiel ist pausiert; es geht weiter, wenn Sie sich wieder verbinden (Neu verbinden).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="894"/>
        <source>Could not join the network game: %1</source>
        <translation>Beitritt zum Netzwerkspiel nicht möglich: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="895"/>
        <source>The network game stopped: %1. Save the game (Game › Save Game As…) to keep it.</source>
        <translation>Das Netzwerkspiel wurde angehalten: %1. Speichern Sie das Spiel (Spiel › Spiel speichern unter…), um es zu behalten.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="899"/>
        <source>The network game is over.</source>
        <translation>Das Netzwerkspiel ist vorbei.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="900"/>
        <source>The network game ended: %1.</source>
        <translation>Das Netzwerkspiel ist beendet: %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="913"/>
        <source>Not connected: the message was not sent.</source>
        <translation>Nicht verbunden: die Nachricht wurde nicht gesendet.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="917"/>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="31"/>
        <source>The TCP port of the game. Over the internet, the host&apos;s router must forward it to the host&apos;s computer.</source>
        <translation>Der TCP-Port des Spiels. Über das Internet muss der Router des Gastgebers ihn an dessen Computer weiterleiten.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="254"/>
        <source>Game %1 is open on the club server %2: waiting for a player to join.</source>
        <translation>Spiel %1 ist auf dem Clubserver %2 offen: Warten auf einen Mitspieler.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="359"/>
        <location filename="../ui/table/netgame.cpp" line="626"/>
        <source>The club server: %1</source>
        <translation>Der Clubserver: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="436"/>
        <source>Back in game %1 on the club server: it resumes from the last agreed command when both players are there.</source>
        <translation>Zurück in Spiel %1 auf dem Clubserver: es geht beim zuletzt vereinbarten Befehl weiter, sobald beide Spieler da sind.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="793"/>
        <source>Creating the game on the club server %1, port %2…</source>
        <translation>Das Spiel wird auf dem Clubserver %1, Port %2 angelegt …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="794"/>
        <source>Game %1 is open on the club server %2: waiting for a player to join…</source>
        <translation>Spiel %1 ist auf dem Clubserver %2 offen: Warten auf einen Mitspieler …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="836"/>
        <source>Joining game %1 on the club server %2, port %3…</source>
        <translation>Beitritt zu Spiel %1 auf dem Clubserver %2, Port %3 …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="843"/>
        <source>Back at the club server: waiting for %1 to take their seat again…</source>
        <translation>Zurück auf dem Clubserver: Warten, bis %1 seinen Platz wieder einnimmt …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="852"/>
        <source>Your turn. Game %1 on the club server %2, with %3.</source>
        <translation>Sie sind am Zug. Spiel %1 auf dem Clubserver %2, mit %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="871"/>
        <source>The game is paused (the club server lost a player&apos;s connection); it resumes when both players are back. This computer takes its seat again by itself; Reconnect tries at once.</source>
        <translation>Das Spiel ist pausiert (der Clubserver hat die Verbindung zu einem Spieler verloren); es geht weiter, wenn beide Spieler zurück sind. Dieser Computer nimmt seinen Platz von selbst wieder ein; „Neu verbinden“ versucht es sofort.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="786"/>
        <location filename="../ui/table/netgame.cpp" line="877"/>
        <source>Reconnecting…</source>
        <translation>Verbindung wird wiederhergestellt …</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="788"/>
        <location filename="../ui/table/netgame.cpp" line="879"/>
        <source>Last try: %1.</source>
        <translation>Letzter Versuch: %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="892"/>
        <source>The club game did not begin: %1</source>
        <translation>Das Clubspiel hat nicht begonnen: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="832"/>
        <source>Taking your seat in game %1 on the club server %2 again…</source>
        <translation>Ihr Platz in Spiel %1 auf dem Clubserver %2 wird wieder eingenommen …</translation>
    </message>
</context>
<context>
    <name>jw::NetTable</name>
    <message>
        <location filename="../ui/table/nettable.cpp" line="55"/>
        <source>Reconnect</source>
        <translation>Neu verbinden</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="58"/>
        <location filename="../ui/table/nettable.cpp" line="196"/>
        <source>Leave Network Game</source>
        <translation>Netzwerkspiel verlassen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="60"/>
        <source>End the network game; the game stays on the table (save it to keep it).</source>
        <translation>Das Netzwerkspiel beenden; das Spiel bleibt auf dem Tisch (speichern Sie es, um es zu behalten).</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="72"/>
        <source>Accept Game</source>
        <translation>Spiel annehmen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="74"/>
        <source>Play this game: the host&apos;s scenario, rules and fleet against yours.</source>
        <translation>Dieses Spiel spielen: Szenario, Regeln und Flotte des Gastgebers gegen Ihre.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="78"/>
        <source>Resume over the Network…</source>
        <translation>Über das Netzwerk fortsetzen…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="80"/>
        <source>Go on with this game with the other player: one computer hosts, the other joins, each with the game it saved.</source>
        <translation>Dieses Spiel mit der anderen Seite fortsetzen: ein Computer ist Gastgeber, der andere tritt bei, jeder mit dem Spiel, das er gespeichert hat.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="98"/>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="120"/>
        <source>&amp;Host Network Game…</source>
        <translation>Netzwerkspiel &amp;eröffnen…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="123"/>
        <source>Play with a friend at another computer: choose your fleet and the game, then wait for them to join.</source>
        <translation>Mit einem Mitspieler an einem anderen Computer spielen: Flotte und Spiel wählen, dann auf den Beitritt warten.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="126"/>
        <source>&amp;Join Network Game…</source>
        <translation>Netzwerkspiel &amp;beitreten…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="129"/>
        <source>Join the game a friend hosts: their address and port, and your fleet.</source>
        <translation>Dem Spiel eines Mitspielers beitreten: seine Adresse und sein Port, und Ihre Flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="138"/>
        <source>Resume Network Game…</source>
        <translation>Netzwerkspiel fortsetzen…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="140"/>
        <source>Go on with a network game another day: open the game this computer saved; the other player does the same.</source>
        <translation>Ein Netzwerkspiel an einem anderen Tag fortsetzen: Öffnen Sie das Spiel, das dieser Computer gespeichert hat; die andere Seite tut dasselbe.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="171"/>
        <source>%1 was played over the network (%2 vs %3); you played %4. To go on with it together, each player opens the game their computer saved (Resume over the Network…).</source>
        <translation>%1 wurde über das Netzwerk gespielt (%2 gegen %3); Sie spielten %4. Um gemeinsam weiterzuspielen, öffnet jeder Spieler das Spiel, das sein Computer gespeichert hat (Über das Netzwerk fortsetzen…).</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="177"/>
        <source>%1 was played over the network (%2 vs %3). To go on with it together, each player opens the game their computer saved (Resume over the Network…).</source>
        <translation>%1 wurde über das Netzwerk gespielt (%2 gegen %3). Um es gemeinsam fortzusetzen, öffnet jede Seite das Spiel, das ihr Computer gespeichert hat (Über das Netzwerk fortsetzen…).</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="184"/>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="191"/>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="193"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="195"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="226"/>
        <source>the host no longer offers this game</source>
        <translation>der Gastgeber bietet dieses Spiel nicht mehr an</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="234"/>
        <source>Host Network Game</source>
        <translation>Netzwerkspiel eröffnen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="327"/>
        <location filename="../ui/table/nettable.cpp" line="338"/>
        <location filename="../ui/table/nettable.cpp" line="342"/>
        <location filename="../ui/table/nettable.cpp" line="350"/>
        <location filename="../ui/table/nettable.cpp" line="371"/>
        <source>Resume Network Game</source>
        <translation>Netzwerkspiel fortsetzen</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="328"/>
        <source>Saved games (*.%1)</source>
        <translation>Gespeicherte Spiele (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="343"/>
        <source>%1 was not played over the network (its dice were not rolled by both computers): open it with Game › Open Game….</source>
        <translation>%1 wurde nicht über das Netzwerk gespielt (seine Würfel wurden nicht von beiden Computern geworfen): öffnen Sie es mit Spiel › Spiel öffnen….</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="351"/>
        <source>The game in %1 is over: nothing to resume.</source>
        <translation>Das Spiel in %1 ist beendet: es gibt nichts fortzusetzen.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="131"/>
        <source>Connect to Club Ser&amp;ver…</source>
        <translation>Mit &amp;Clubserver verbinden…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="133"/>
        <source>Play or watch games on your club&apos;s server (jwfleet-server): its open games, create one or join one.</source>
        <translation>Spiele auf dem Server Ihres Clubs (jwfleet-server) spielen oder zuschauen: seine offenen Spiele, eines anlegen oder einem beitreten.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="305"/>
        <source>Club Server</source>
        <translation>Clubserver</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="306"/>
        <source>The game this computer saved cannot be read: %1</source>
        <translation>Das Spiel, das dieser Computer gespeichert hat, lässt sich nicht lesen: %1</translation>
    </message>
</context>
<context>
    <name>jw::NewGameDialog</name>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="88"/>
        <source>New Game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="95"/>
        <source>Player %1</source>
        <translation>Spieler %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="105"/>
        <source>Computer: Expert (strongest)</source>
        <translation>Computer: Experte (am stärksten)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="106"/>
        <source>Computer: Careful</source>
        <translation>Computer: Umsichtig</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="117"/>
        <source>Player %1:</source>
        <translation>Spieler %1:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="119"/>
        <source>(no fleet)</source>
        <translation>(keine Flotte)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="122"/>
        <source>Fleet File…</source>
        <translation>Flottendatei…</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="124"/>
        <source>From Builder</source>
        <translation>Aus dem Flottenbau</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="129"/>
        <source>(fleet builder)</source>
        <translation>(Flottenbau)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="142"/>
        <source>Fleet:</source>
        <translation>Flotte:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="168"/>
        <source>Scenario:</source>
        <translation>Szenario:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="156"/>
        <source>Rules:</source>
        <translation>Regeln:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="79"/>
        <source>Rule: %1</source>
        <translation>Regel: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="98"/>
        <source>Player %1&apos;s name</source>
        <translation>Name von Spieler %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="104"/>
        <source>A person</source>
        <translation>Ein Mensch</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="107"/>
        <source>Computer: Greedy</source>
        <translation>Computer: Gierig</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="108"/>
        <source>Computer: Random (learning the rules)</source>
        <translation>Computer: Zufällig (zum Regellernen)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="111"/>
        <source>Who plays this side. The computer plays by the same rules, never sees your dice to come, and writes why it chose each command in the game log.</source>
        <translation>Wer diese Seite spielt. Der Computer spielt nach denselben Regeln, sieht nie Ihre kommenden Würfel und schreibt ins Spielprotokoll, warum er jeden Befehl gewählt hat.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="113"/>
        <source>Player %1 played by</source>
        <translation>Spieler %1 gespielt von</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="132"/>
        <source>From Campaign</source>
        <translation>Aus der Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="154"/>
        <source>The rules version the game plays; each fleet is checked against it</source>
        <translation>Die Regelversion des Spiels; jede Flotte wird danach geprüft</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="171"/>
        <source>The scenario</source>
        <translation>Das Szenario</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="177"/>
        <source>Random Selection</source>
        <translation>Zufallsauswahl</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="178"/>
        <source>Player 1</source>
        <translation>Spieler 1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="179"/>
        <source>Player 2</source>
        <translation>Spieler 2</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="180"/>
        <source>Initiative:</source>
        <translation>Initiative:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="182"/>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="194"/>
        <location filename="../ui/table/newgamedialog.cpp" line="556"/>
        <source>Start Game</source>
        <translation>Spiel starten</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="216"/>
        <source>%1&apos;s roster (%2 units)</source>
        <translation>Kader von %1 (%2 Einheiten)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="221"/>
        <source>A player&apos;s roster in the campaign “%1”</source>
        <translation>Der Kader eines Spielers in der Kampagne „%1“</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="233"/>
        <source>%1&apos;s roster (%2)</source>
        <translation>Kader von %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="243"/>
        <source>(unnamed fleet)</source>
        <translation>(unbenannte Flotte)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="313"/>
        <source>Fleet for %1</source>
        <translation>Flotte für %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="314"/>
        <source>Fleets (*.%1)</source>
        <translation>Flotten (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="325"/>
        <location filename="../ui/table/newgamedialog.cpp" line="381"/>
        <source>Choose a fleet for %1.</source>
        <translation>Eine Flotte für %1 wählen.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="330"/>
        <source>%1&apos;s fleet has no models: it cannot be played. Add units in the Fleet Builder, or choose another fleet.</source>
        <translation>Die Flotte von %1 hat keine Modelle und kann nicht gespielt werden. Im Flottenbau Einheiten hinzufügen oder eine andere Flotte wählen.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="344"/>
        <source>Choose a scenario.</source>
        <translation>Ein Szenario wählen.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="356"/>
        <source>The seed is a whole number.</source>
        <translation>Der Startwert ist eine ganze Zahl.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="385"/>
        <location filename="../ui/table/newgamedialog.cpp" line="432"/>
        <source>%1&apos;s fleet</source>
        <translation>Flotte von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="387"/>
        <source>%1 has no models: it cannot be played. Add units in the Fleet Builder, or choose another fleet.</source>
        <translation>%1 hat keine Modelle und kann nicht gespielt werden. Im Flottenbau Einheiten hinzufügen oder eine andere Flotte wählen.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="395"/>
        <source>%1 uses the unit “%2”, which the unit database does not have.</source>
        <translation>%1 verwendet die Einheit „%2“, die es in der Einheitendatenbank nicht gibt.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="417"/>
        <source> (and %1 more)</source>
        <translation> (und %1 weitere)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="418"/>
        <source>%1 is not legal under %2: %3.</source>
        <translation>%1 ist nach %2 nicht regelkonform: %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="422"/>
        <source>%1 was built for %2; this game plays %3.</source>
        <translation>%1 wurde für %2 erstellt; dieses Spiel verwendet %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="437"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="446"/>
        <source>The fleets were built for different game sizes: %1 for %2 points, %3 for %4.</source>
        <translation>Die Flotten wurden für verschiedene Spielgrößen erstellt: %1 für %2 Punkte, %3 für %4.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="452"/>
        <source>%1 has %2 points, over the %3 points %4 was built for.</source>
        <translation>%1 hat %2 Punkte, mehr als die %3 Punkte, für die %4 erstellt wurde.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="457"/>
        <source>The fleets are far apart: %1 has %2 points, %3 has %4 (%5 points apart).</source>
        <translation>Die Flotten liegen weit auseinander: %1 hat %2 Punkte, %3 hat %4 (%5 Punkte Unterschied).</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="493"/>
        <source>No fleet chosen.</source>
        <translation>Keine Flotte gewählt.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="503"/>
        <source>%1 of %2 points</source>
        <translation>%1 von %2 Punkten</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="504"/>
        <source>1 model</source>
        <translation>1 Modell</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="504"/>
        <source>%1 models</source>
        <translation>%1 Modelle</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="505"/>
        <source>built for %1</source>
        <translation>erstellt für %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="509"/>
        <source>cannot be played: no models</source>
        <translation>nicht spielbar: keine Modelle</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="513"/>
        <source>legal under %1</source>
        <translation>regelkonform nach %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="518"/>
        <source>not legal under %1 (1 error)</source>
        <translation>nicht regelkonform nach %1 (1 Fehler)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="519"/>
        <source>not legal under %1 (%2 errors)</source>
        <translation>nicht regelkonform nach %1 (%2 Fehler)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="528"/>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="528"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="544"/>
        <source>Cannot start:</source>
        <translation>Start nicht möglich:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="549"/>
        <source>Check:</source>
        <translation>Prüfen:</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="555"/>
        <source>Play Anyway</source>
        <translation>Trotzdem spielen</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="557"/>
        <source>Start the game despite the checks listed above</source>
        <translation>Das Spiel trotz der oben aufgeführten Hinweise starten</translation>
    </message>
</context>
<context>
    <name>jw::OddsBar</name>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="83"/>
        <source>Odds of the best result</source>
        <translation>Chancen des besten Ergebnisses</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="91"/>
        <source>Best result: miss %1, [D] %2, [T] %3, [Q+] %4</source>
        <translation>Bestes Ergebnis: Fehlschuss %1, [D] %2, [T] %3, [Q+] %4</translation>
    </message>
</context>
<context>
    <name>jw::PreferencesDialog</name>
    <message>
        <location filename="../ui/help/preferences.cpp" line="152"/>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="157"/>
        <source>The rules version of a new fleet, game or campaign</source>
        <translation>Die Regelversion einer neuen Flotte, eines neuen Spiels oder einer neuen Kampagne</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="158"/>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="159"/>
        <source>US Letter</source>
        <translation>US Letter</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="161"/>
        <source>4 cards per page</source>
        <translation>4 Karten pro Seite</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="162"/>
        <source>2 cards per page</source>
        <translation>2 Karten pro Seite</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="163"/>
        <source>1 card per page</source>
        <translation>1 Karte pro Seite</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="166"/>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="175"/>
        <source>The language changes when jwfleet starts next.</source>
        <translation>Die Sprache wechselt beim nächsten Start von jwfleet.</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="178"/>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="181"/>
        <source>Where your values from printed cards (units.yaml) are kept. jwfleet-cli reads the default folder, or JW_USER_DATA.</source>
        <translation>Wo Ihre Werte von gedruckten Karten (units.yaml) liegen. jwfleet-cli liest den Standardordner oder JW_USER_DATA.</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="184"/>
        <source>Campaign database</source>
        <translation>Kampagnendatenbank</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="186"/>
        <source>The campaign database the Campaign tab opens: an SQLite file, or postgresql://user:password@host:port/database</source>
        <translation>Die Kampagnendatenbank, die der Reiter Kampagne öffnet: eine SQLite-Datei oder postgresql://benutzer:passwort@host:port/datenbank</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="194"/>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="200"/>
        <source>Default rules:</source>
        <translation>Standardregeln:</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="201"/>
        <source>Paper:</source>
        <translation>Papier:</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="202"/>
        <source>Card layout:</source>
        <translation>Kartenanordnung:</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="203"/>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="205"/>
        <source>Data folder:</source>
        <translation>Datenordner:</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="207"/>
        <source>Data Folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="213"/>
        <source>Campaign database:</source>
        <translation>Kampagnendatenbank:</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="215"/>
        <source>Campaign Database</source>
        <translation>Kampagnendatenbank</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="216"/>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>SQLite-Datenbanken (*.sqlite *.db);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>jw::PrintOptionsDialog</name>
    <message>
        <location filename="../ui/print/printing.cpp" line="39"/>
        <source>Roster page first (fleet, points, legality, carrier plan)</source>
        <translation>Kaderseite zuerst (Flotte, Punkte, Regelkonformität, Trägerplan)</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="43"/>
        <source>Print Layout</source>
        <translation>Drucklayout</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="45"/>
        <source>4 cards per page</source>
        <translation>4 Karten pro Seite</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="46"/>
        <source>2 cards per page</source>
        <translation>2 Karten pro Seite</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="47"/>
        <source>1 card per page</source>
        <translation>1 Karte pro Seite</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="48"/>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="49"/>
        <source>US Letter</source>
        <translation>US Letter</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="50"/>
        <source>Best for the layout</source>
        <translation>Passend zum Layout</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="67"/>
        <source>Layout:</source>
        <translation>Layout:</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="68"/>
        <source>Paper:</source>
        <translation>Papier:</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="69"/>
        <source>Card size:</source>
        <translation>Kartengröße:</translation>
    </message>
</context>
<context>
    <name>jw::PrintedCardDialog</name>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="70"/>
        <source>Printed Card Values – %1</source>
        <translation>Werte der gedruckten Karte – %1</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="73"/>
        <source>Copy the values printed on your card of the &lt;b&gt;%1&lt;/b&gt;. A ticked value is the card&apos;s: it replaces jwfleet&apos;s everywhere (lists, cards, fleet checks), which say that you entered it. Unticked values stay as shipped.</source>
        <translation>Übertragen Sie die Werte, die auf Ihrer Karte der &lt;b&gt;%1&lt;/b&gt; gedruckt sind. Ein angehakter Wert ist der Wert der Karte: Er ersetzt den von jwfleet überall (Listen, Karten, Flottenprüfungen), und diese geben an, dass Sie ihn eingegeben haben. Nicht angehakte Werte bleiben wie ausgeliefert.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="82"/>
        <source>&amp;Card:</source>
        <translation>&amp;Karte:</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="85"/>
        <source>which card, e.g. &quot;v1.2.3 printed card&quot;</source>
        <translation>welche Karte, z. B. &quot;gedruckte Karte v1.2.3&quot;</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="100"/>
        <source>Threat Value</source>
        <translation>Bedrohungswert</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="101"/>
        <source>Unit Cap</source>
        <translation>Einheitenlimit</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="102"/>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="103"/>
        <source>Turns</source>
        <translation>Wenden</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="104"/>
        <source>Fire Control</source>
        <translation>Feuerleitung</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="105"/>
        <location filename="../ui/printedcarddialog.cpp" line="261"/>
        <source>Skill</source>
        <translation>Fertigkeit</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="106"/>
        <source>Armor Fore</source>
        <translation>Panzerung Bug</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="107"/>
        <source>Armor Port/Starboard</source>
        <translation>Panzerung Backbord/Steuerbord</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="108"/>
        <source>Armor Aft</source>
        <translation>Panzerung Heck</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="109"/>
        <source>Structure</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="110"/>
        <source>Defense</source>
        <translation>Verteidigung</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="111"/>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="112"/>
        <source>Thrusters</source>
        <translation>Triebwerke</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="113"/>
        <source>Marines</source>
        <translation>Marines</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="114"/>
        <source>Fuel</source>
        <translation>Treibstoff</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="138"/>
        <source>Weapons</source>
        <translation>Waffen</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="149"/>
        <source>Arcs</source>
        <translation>Feuerwinkel</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="149"/>
        <source>F, P, S, A or T (turret), or several joined by &apos;/&apos;</source>
        <translation>F, P, S, A oder T (Turm), oder mehrere mit &apos;/&apos; verbunden</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="152"/>
        <source>AC</source>
        <translation>AC</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="152"/>
        <source>Anti-Capital base dice</source>
        <translation>Basiswürfel gegen Großkampfschiffe (Anti-Capital)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="153"/>
        <source>AS</source>
        <translation>AS</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="153"/>
        <source>Anti-Squadron base dice</source>
        <translation>Basiswürfel gegen Staffeln (Anti-Squadron)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="154"/>
        <source>Ma</source>
        <translation>Ma</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="154"/>
        <source>Macro dice</source>
        <translation>Makrowürfel</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="155"/>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="155"/>
        <source>Instances of the weapon, one damage box each</source>
        <translation>Exemplare der Waffe, je ein Schadenskästchen</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="200"/>
        <source>Revert All to Shipped</source>
        <translation>Alle wie ausgeliefert</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="253"/>
        <source>Ticked: the weapon&apos;s ratings printed on the card. Unticked: jwfleet&apos;s shipped ratings.</source>
        <translation>Angehakt: die auf der Karte gedruckten Werte der Waffe. Nicht angehakt: die mit jwfleet ausgelieferten Werte.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="278"/>
        <source>AC %1, AS %2, Ma %3</source>
        <translation>AC %1, AS %2, Ma %3</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="302"/>
        <source>Back to the shipped ratings</source>
        <translation>Zurück zu den ausgelieferten Werten</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="404"/>
        <source>Ticked: the value printed on the card. Unticked: jwfleet&apos;s shipped value.</source>
        <translation>Angehakt: der auf der Karte gedruckte Wert. Nicht angehakt: der mit jwfleet ausgelieferte Wert.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="615"/>
        <source>%1: write the arcs as F, P, S, A or T, or several joined by &apos;/&apos; (&quot;F/P&quot;)</source>
        <translation>%1: Feuerwinkel als F, P, S, A oder T schreiben, oder mehrere mit &apos;/&apos; verbunden (&quot;F/P&quot;)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="346"/>
        <source>rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="348"/>
        <source>printed card</source>
        <translation>gedruckte Karte</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="352"/>
        <source>jwfleet&apos;s estimate</source>
        <translation>Schätzung von jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="412"/>
        <source>The boxes from lowest to highest, e.g. &quot;1 2 3 3&quot;.</source>
        <translation>Die Kästchen vom niedrigsten zum höchsten, z. B. &quot;1 2 3 3&quot;.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="413"/>
        <location filename="../ui/printedcarddialog.cpp" line="424"/>
        <location filename="../ui/printedcarddialog.cpp" line="427"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="293"/>
        <location filename="../ui/printedcarddialog.cpp" line="436"/>
        <source>shipped: %1 (%2)</source>
        <translation>ausgeliefert: %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="301"/>
        <location filename="../ui/printedcarddialog.cpp" line="445"/>
        <source>Revert</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="446"/>
        <source>Back to the shipped value</source>
        <translation>Zurück zum ausgelieferten Wert</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="599"/>
        <source>%1: write the boxes as numbers, e.g. &quot;1 2 3 3&quot;</source>
        <translation>%1: Kästchen als Zahlen schreiben, z. B. &quot;1 2 3 3&quot;</translation>
    </message>
</context>
<context>
    <name>jw::ReplayViewer</name>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="28"/>
        <source>Replay</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="34"/>
        <source>◀ Back</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="36"/>
        <source>Forward ▶</source>
        <translation>Vor ▶</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="44"/>
        <source>Jump to…</source>
        <translation>Springen zu…</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="52"/>
        <source>Turn %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="58"/>
        <source>Turn %1: %2 activates</source>
        <translation>Runde %1: %2 wird aktiviert</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="61"/>
        <source>a model out of sight</source>
        <translation>ein Modell außer Sicht</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="104"/>
        <source>Replay of the Game in Progress</source>
        <translation>Wiederholung des laufenden Spiels</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="148"/>
        <source>Command %1 of %2 · Turn %3 · %4</source>
        <translation>Befehl %1 von %2 · Runde %3 · %4</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="205"/>
        <source>%1 does something out of sight (secret information).</source>
        <translation>%1 tut etwas außer Sicht (geheime Information).</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="209"/>
        <source>%1 deploys %2.</source>
        <translation>%1 stellt %2 auf.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="211"/>
        <source>%1 deploys %2 Embarked on %3.</source>
        <translation>%1 stellt %2 eingeschifft auf %3 auf.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="213"/>
        <source>%1 declines to deploy.</source>
        <translation>%1 verzichtet auf die Aufstellung.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="215"/>
        <source>%1 activates %2: %3.</source>
        <translation>%1 aktiviert %2: %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="218"/>
        <location filename="../ui/table/replayviewer.cpp" line="219"/>
        <source>%1 moves %2.</source>
        <translation>%1 bewegt %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="226"/>
        <source>%1: %2 attacks %3 with %4.</source>
        <translation>%1: %2 greift %3 mit %4 an.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="231"/>
        <source>%1 answers.</source>
        <translation>%1 antwortet.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="234"/>
        <source>%1 answers “%2”: %3.</source>
        <translation>%1 antwortet auf „%2“: %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="241"/>
        <source>%1 resolves %2 of %3 against %4.</source>
        <translation>%1 wickelt %2 von %3 gegen %4 ab.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="243"/>
        <source>%1 resolves %2 of %3.</source>
        <translation>%1 wickelt %2 von %3 ab.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="245"/>
        <source>%1 launches %2.</source>
        <translation>%1 startet %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="247"/>
        <source>%1 lands %2 on %3.</source>
        <translation>%1 landet %2 auf %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="250"/>
        <source>%1 ends the activation of %2.</source>
        <translation>%1 beendet die Aktivierung von %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="253"/>
        <source>%1 places a Beacon marker at (%2, %3).</source>
        <translation>%1 platziert einen Beacon-Marker bei (%2, %3).</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="258"/>
        <source>The scenario is set up.</source>
        <translation>Das Szenario ist aufgebaut.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="260"/>
        <source>%1 places the Comet at (%2, %3).</source>
        <translation>%1 platziert den Kometen bei (%2, %3).</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="265"/>
        <source>%1 rolls the dice.</source>
        <translation>%1 würfelt.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="266"/>
        <source>%1 corrects the table.</source>
        <translation>%1 korrigiert den Tisch.</translation>
    </message>
</context>
<context>
    <name>jw::ResumeNetworkDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="189"/>
        <source>Resume Network Game</source>
        <translation>Netzwerkspiel fortsetzen</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="194"/>
        <source>no command agreed yet</source>
        <translation>noch kein Befehl vereinbart</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="195"/>
        <source>one command agreed</source>
        <translation>ein Befehl vereinbart</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="196"/>
        <source>%1 commands agreed</source>
        <translation>%1 Befehle vereinbart</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="198"/>
        <source>%1 vs %2 · %3 · %4 · %5</source>
        <translation>%1 gegen %2 · %3 · %4 · %5</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="209"/>
        <source>The other player opens the game their computer saved and does the same: one hosts, the other joins. Both go back to the last command both agreed on.</source>
        <translation>Die andere Seite öffnet das Spiel, das ihr Computer gespeichert hat, und tut dasselbe: einer ist Gastgeber, der andere tritt bei. Beide kehren zum letzten Befehl zurück, auf den sich beide geeinigt haben.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="218"/>
        <source>%1 (player %2)</source>
        <translation>%1 (Spieler %2)</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="224"/>
        <source>%1 (player %2), as this computer saved it</source>
        <translation>%1 (Spieler %2), wie dieser Computer es gespeichert hat</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="230"/>
        <location filename="../ui/table/netdialogs.cpp" line="232"/>
        <source>You play:</source>
        <translation>Sie spielen:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="234"/>
        <source>&amp;Host: wait for the other player to join</source>
        <translation>&amp;Gastgeber: warten, bis die andere Seite beitritt</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="236"/>
        <source>&amp;Join the other player&apos;s computer</source>
        <translation>Dem Computer der anderen Seite &amp;beitreten</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="239"/>
        <source>Connection:</source>
        <translation>Verbindung:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="243"/>
        <source>e.g. 192.168.1.20 or a host name</source>
        <translation>z. B. 192.168.1.20 oder ein Rechnername</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="245"/>
        <source>Host address:</source>
        <translation>Adresse des Gastgebers:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="247"/>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="256"/>
        <source>Resume Game</source>
        <translation>Spiel fortsetzen</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="325"/>
        <source>Type the address of the other player&apos;s computer.</source>
        <translation>Geben Sie die Adresse des Computers der anderen Seite ein.</translation>
    </message>
</context>
<context>
    <name>jw::RulesReference</name>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="40"/>
        <source>Rules Reference</source>
        <translation>Regelreferenz</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="43"/>
        <source>Search the rules…</source>
        <translation>Regeln durchsuchen…</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="48"/>
        <source>Search hits</source>
        <translation>Suchtreffer</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="52"/>
        <source>Chapters</source>
        <translation>Kapitel</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="66"/>
        <source>Rules text</source>
        <translation>Regeltext</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="76"/>
        <source>%1 — house ruling</source>
        <translation>%1 — Hausregel</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="80"/>
        <source>jwfleet&apos;s ruling: the rules are silent or unclear here</source>
        <translation>Entscheidung von jwfleet: Die Regeln schweigen hier oder sind unklar</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="81"/>
        <source>Gives a house ruling of jwfleet&apos;s (marked in the text)</source>
        <translation>Enthält eine Hausregel von jwfleet (im Text markiert)</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="209"/>
        <source>&lt;b&gt;House ruling.&lt;/b&gt; jwfleet decides here where the rules are silent or unclear; this is not the rulebook&apos;s text.</source>
        <translation>&lt;b&gt;Hausregel.&lt;/b&gt; Hier entscheidet jwfleet, wo die Regeln schweigen oder unklar sind; dies ist nicht der Text des Regelbuchs.</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="212"/>
        <source>&lt;b&gt;Contains a house ruling&lt;/b&gt; (marked in the text): there jwfleet decides where the rules are silent or unclear.</source>
        <translation>&lt;b&gt;Enthält eine Hausregel&lt;/b&gt; (im Text markiert): Dort entscheidet jwfleet, wo die Regeln schweigen oder unklar sind.</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="220"/>
        <source>&lt;b&gt;Differs by version.&lt;/b&gt; The same heading in another version&apos;s text: %1. Help › Rules Reference › Rules profiles shows what jwfleet applies in each profile.</source>
        <translation>&lt;b&gt;Unterscheidet sich je nach Version.&lt;/b&gt; Dieselbe Überschrift im Text einer anderen Version: %1. Hilfe › Regelreferenz › Regelprofile zeigt, was jwfleet in jedem Profil anwendet.</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="284"/>
        <source>More than 500 sections; showing the first 500</source>
        <translation>Mehr als 500 Abschnitte; die ersten 500 werden gezeigt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/help/rulesreference.cpp" line="285"/>
        <source>%n section(s) found</source>
        <translation>
            <numerusform>%n Abschnitt gefunden</numerusform>
            <numerusform>%n Abschnitte gefunden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jw::ShortcutsDialog</name>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="46"/>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="49"/>
        <source>Search actions and keys…</source>
        <translation>Aktionen und Tasten suchen…</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="52"/>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="52"/>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="54"/>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="124"/>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="126"/>
        <source>Game Table: the table</source>
        <translation>Spieltisch: der Tisch</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="127"/>
        <source>Companion: the dice keypad</source>
        <translation>Begleiter: die Würfeltastatur</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="128"/>
        <source>Companion: the cards</source>
        <translation>Begleiter: die Karten</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="129"/>
        <source>Campaign: the charts</source>
        <translation>Kampagne: die Diagramme</translation>
    </message>
</context>
<context>
    <name>jw::StandingsChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="413"/>
        <source>Standings over time</source>
        <translation>Tabellenstand im Verlauf</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="432"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="434"/>
        <source>Campaign points after battle %1: %2.</source>
        <translation>Kampagnenpunkte nach Schlacht %1: %2.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="442"/>
        <source>Standings over time: no battles yet.</source>
        <translation>Rangliste im Zeitverlauf: noch keine Schlachten.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="451"/>
        <source>Campaign points after each battle</source>
        <translation>Kampagnenpunkte nach jeder Schlacht</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="479"/>
        <source>%1: %2 campaign points after battle %3 (%4), rank %5</source>
        <translation>%1: %2 Kampagnenpunkte nach Schlacht %3 (%4), Platz %5</translation>
    </message>
</context>
<context>
    <name>jw::TableScene</name>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="60"/>
        <source>S%1/%2</source>
        <comment>Structure left / at the start, under a model</comment>
        <translation>S%1/%2</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="66"/>
        <source>water %1</source>
        <comment>Water Raid: units of water aboard, under a model</comment>
        <translation>Wasser %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="69"/>
        <source>intel %1</source>
        <comment>Scavenger Hunt: Intelligence Tokens aboard</comment>
        <translation>Info %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="72"/>
        <source>done</source>
        <comment>activated this turn, under a model</comment>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="79"/>
        <location filename="../ui/table/tablescene.cpp" line="136"/>
        <source>%1: Marines %2 · Search %3</source>
        <comment>a player&apos;s Marines aboard a UIO and Search tokens</comment>
        <translation>%1: Marines %2 · Suche %3</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="86"/>
        <location filename="../ui/table/tablescene.cpp" line="143"/>
        <source>searched by %1</source>
        <translation>durchsucht von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="179"/>
        <source>Structure %1 of %2</source>
        <translation>Struktur %1 von %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/tablescene.cpp" line="125"/>
        <location filename="../ui/table/tablescene.cpp" line="188"/>
        <source>Water: %n unit(s) aboard</source>
        <translation>
            <numerusform>Wasser: %n Einheit an Bord</numerusform>
            <numerusform>Wasser: %n Einheiten an Bord</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="124"/>
        <source>W%1</source>
        <comment>Water Raid: units of water aboard, on a token</comment>
        <translation>W%1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="129"/>
        <source>I%1</source>
        <comment>Scavenger Hunt: Intelligence Tokens aboard, on a token</comment>
        <translation>I%1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="131"/>
        <location filename="../ui/table/tablescene.cpp" line="190"/>
        <source>Intelligence Tokens: %1</source>
        <translation>Geheimdienstmarker: %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="177"/>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="194"/>
        <source>%1: %2 Marines aboard, %3 Search tokens</source>
        <translation>%1: %2 Marines an Bord, %3 Suchmarker</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="200"/>
        <source>Searched by %1</source>
        <translation>Durchsucht von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="202"/>
        <source>Not searched yet</source>
        <translation>Noch nicht durchsucht</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="205"/>
        <source>Activated this turn</source>
        <translation>In dieser Runde aktiviert</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="265"/>
        <source>Wreck of %1</source>
        <translation>Wrack von %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="577"/>
        <source>AC short</source>
        <translation>AC kurz</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="578"/>
        <source>AC long</source>
        <translation>AC lang</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="579"/>
        <source>AS short</source>
        <translation>AS kurz</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="580"/>
        <source>AS long</source>
        <translation>AS lang</translation>
    </message>
</context>
<context>
    <name>jw::TableTerms</name>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="12"/>
        <source>Deployment Phase</source>
        <translation>Aufstellungsphase</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="14"/>
        <source>Activation Phase</source>
        <translation>Aktivierungsphase</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="16"/>
        <source>End Phase</source>
        <translation>Endphase</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="18"/>
        <location filename="../ui/table/tableterms.cpp" line="236"/>
        <source>Game over</source>
        <translation>Spielende</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="29"/>
        <source>Concentrated Fire</source>
        <translation>Konzentriertes Feuer</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="31"/>
        <source>Evade</source>
        <translation>Ausweichen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="33"/>
        <source>Initiate Boarding</source>
        <translation>Entern einleiten</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="35"/>
        <source>Land</source>
        <translation>Landen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="37"/>
        <source>Launch</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="39"/>
        <source>Lock On</source>
        <translation>Zielerfassung</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="41"/>
        <source>Ramming Speed</source>
        <translation>Rammgeschwindigkeit</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="43"/>
        <source>Vector Attack</source>
        <translation>Vektorangriff</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="45"/>
        <source>Withdraw</source>
        <translation>Rückzug</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="47"/>
        <source>Boost</source>
        <translation>Schub</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="49"/>
        <source>Initiate Assault</source>
        <translation>Sturmangriff einleiten</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="51"/>
        <source>Initiate Bombing</source>
        <translation>Bombenangriff einleiten</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="53"/>
        <source>Interception</source>
        <translation>Abfangen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="55"/>
        <source>Damage Control</source>
        <translation>Schadenskontrolle</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="57"/>
        <source>Engage Point Defense</source>
        <translation>Punktverteidigung einsetzen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="59"/>
        <source>Long Range Sensors</source>
        <translation>Langstreckensensoren</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="61"/>
        <source>Lay Mines</source>
        <translation>Minen legen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="63"/>
        <source>Purge Airlocks</source>
        <translation>Luftschleusen leeren</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="65"/>
        <source>Reorient</source>
        <translation>Neu ausrichten</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="67"/>
        <source>Silent Running</source>
        <translation>Schleichfahrt</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="69"/>
        <source>Station Keep</source>
        <translation>Position halten</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="26"/>
        <source>No Action</source>
        <translation>Keine Aktion</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="83"/>
        <source>Structure</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="85"/>
        <source>Defense</source>
        <translation>Verteidigung</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="87"/>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="89"/>
        <source>Thrusters</source>
        <translation>Triebwerke</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="91"/>
        <location filename="../ui/table/tableterms.cpp" line="204"/>
        <source>Marines</source>
        <translation>Marines</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="93"/>
        <source>Fuel</source>
        <translation>Treibstoff</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="120"/>
        <source>Crippled</source>
        <translation>Lahmgelegt</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="121"/>
        <source>Crip</source>
        <comment>short for Crippled</comment>
        <translation>Lahm</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="122"/>
        <source>Captured</source>
        <translation>Gekapert</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="123"/>
        <source>Capt</source>
        <comment>short for Captured</comment>
        <translation>Gek.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="124"/>
        <source>Disrupted</source>
        <translation>Gestört</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="125"/>
        <source>Disr</source>
        <comment>short for Disrupted</comment>
        <translation>Gest.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="126"/>
        <source>Evading</source>
        <translation>Ausweichend</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="127"/>
        <source>Evad</source>
        <comment>short for Evading</comment>
        <translation>Ausw.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="128"/>
        <source>Station Keeping</source>
        <translation>Position haltend</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="129"/>
        <source>Keep</source>
        <comment>short for Station Keeping</comment>
        <translation>Pos.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="130"/>
        <source>Stealthed</source>
        <translation>Getarnt</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="131"/>
        <source>Stlth</source>
        <comment>short for Stealthed</comment>
        <translation>Tarn</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="132"/>
        <source>Return to Base</source>
        <translation>Rückkehr zur Basis</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="133"/>
        <source>RTB</source>
        <comment>short for Return to Base</comment>
        <translation>RzB</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="134"/>
        <source>Assaulting</source>
        <translation>Im Sturmangriff</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="135"/>
        <source>Aslt</source>
        <comment>short for Assaulting</comment>
        <translation>Sturm</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="136"/>
        <source>Boarded</source>
        <translation>Geentert</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="137"/>
        <source>Brd</source>
        <comment>short for Boarded</comment>
        <translation>Ent.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="161"/>
        <source>Short</source>
        <translation>Kurz</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="163"/>
        <source>Long</source>
        <translation>Lang</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="165"/>
        <source>Out of range</source>
        <translation>Außer Reichweite</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="188"/>
        <source>%1: %2 → %3 (redundant box)</source>
        <translation>%1: %2 → %3 (redundantes Kästchen)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="188"/>
        <location filename="../ui/table/tableterms.cpp" line="204"/>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="189"/>
        <source>Rating Damage</source>
        <translation>Wertschaden</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="193"/>
        <source>System Trait Damage</source>
        <translation>Systemeigenschaftsschaden</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="194"/>
        <source>%1 (%2 of %3 boxes left)</source>
        <translation>%1 (%2 von %3 Kästchen übrig)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="199"/>
        <location filename="../ui/table/tableterms.cpp" line="201"/>
        <source>Weapon Damage</source>
        <translation>Waffenschaden</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="200"/>
        <source>%1 (%2 of %3 left)</source>
        <translation>%1 (%2 von %3 übrig)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="211"/>
        <source>Rolls</source>
        <translation>Würfe</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="212"/>
        <source>Attacks</source>
        <translation>Angriffe</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="213"/>
        <source>Hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="214"/>
        <source>Damage</source>
        <translation>Schaden</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="215"/>
        <source>Critical Hits</source>
        <translation>Kritische Treffer</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="216"/>
        <source>Catastrophic Damage</source>
        <translation>Katastrophaler Schaden</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="217"/>
        <source>Explosions</source>
        <translation>Explosionen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="218"/>
        <source>Destroyed</source>
        <translation>Zerstört</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="219"/>
        <source>Repairs</source>
        <translation>Reparaturen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="220"/>
        <source>States</source>
        <translation>Zustände</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="221"/>
        <source>States ended</source>
        <translation>Beendete Zustände</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="222"/>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="223"/>
        <source>Boarding</source>
        <translation>Entern</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="224"/>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="225"/>
        <source>Activations ended</source>
        <translation>Beendete Aktivierungen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="226"/>
        <source>Moves</source>
        <translation>Bewegungen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="227"/>
        <source>Withdrawals</source>
        <translation>Rückzüge</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="228"/>
        <source>Launches</source>
        <translation>Starts</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="229"/>
        <source>Embarked</source>
        <translation>Eingeschifft</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="230"/>
        <source>Deployment</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="231"/>
        <source>Placed</source>
        <translation>Platziert</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="232"/>
        <source>Decisions</source>
        <translation>Entscheidungen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="233"/>
        <source>Initiative</source>
        <translation>Initiative</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="234"/>
        <source>Turns</source>
        <translation>Runden</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="235"/>
        <source>Phases</source>
        <translation>Phasen</translation>
    </message>
</context>
<context>
    <name>jw::TableView</name>
    <message>
        <location filename="../ui/table/tableview.cpp" line="147"/>
        <source>+ / -</source>
        <translation>+ / -</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="147"/>
        <source>Zoom in / out</source>
        <translation>Vergrößern / verkleinern</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="148"/>
        <source>Fit the table in the view</source>
        <translation>Den ganzen Tisch zeigen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="149"/>
        <source>Arrow keys</source>
        <translation>Pfeiltasten</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="149"/>
        <source>Scroll the table</source>
        <translation>Den Tisch verschieben</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="150"/>
        <source>Q / E</source>
        <translation>Q / E</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="150"/>
        <source>Turn the planned move 15° left / right</source>
        <translation>Die geplante Bewegung um 15° nach links / rechts drehen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="151"/>
        <source>Shift+Q / Shift+E</source>
        <translation>Umschalt+Q / Umschalt+E</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="151"/>
        <source>Turn the planned move 45° left / right</source>
        <translation>Die geplante Bewegung um 45° nach links / rechts drehen</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="152"/>
        <source>N / P</source>
        <translation>N / P</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="153"/>
        <source>Put the keyboard&apos;s ring on the next / previous model (first those you may act with or on now)</source>
        <translation>Den Tastaturring auf das nächste / vorige Modell setzen (zuerst die, mit denen oder auf die Sie jetzt handeln können)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="155"/>
        <source>Space / Enter</source>
        <translation>Leertaste / Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="156"/>
        <source>Pick the model in the ring, as a click on it does (with the attack preview open, Enter rolls)</source>
        <translation>Das Modell im Ring wählen, wie ein Klick darauf (bei offener Angriffsvorschau würfelt Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="158"/>
        <source>Shift+Space</source>
        <translation>Umschalt+Leertaste</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="158"/>
        <source>Measure from or to the model in the ring, as a shift-click</source>
        <translation>Vom oder zum Modell im Ring messen, wie ein Umschalt-Klick</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="159"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="160"/>
        <source>Cancel the planned move, the target to pick or the measurement, and take the ring off</source>
        <translation>Die geplante Bewegung, die Zielwahl oder die Messung abbrechen und den Ring entfernen</translation>
    </message>
</context>
<context>
    <name>jw::TrackGameDialog</name>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="15"/>
        <source>Track a Game on a Physical Table</source>
        <translation>Ein Spiel auf einem echten Tisch begleiten</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="19"/>
        <source>Rolled on the table and typed in</source>
        <translation>Auf dem Tisch gewürfelt und eingegeben</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="20"/>
        <source>Rolled by the app</source>
        <translation>Von der App gewürfelt</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="21"/>
        <source>Typed in: each roll waits for the faces rolled on the table (or “Roll for me”). Rolled by the app: from the seed below.</source>
        <translation>Eingegeben: jeder Wurf wartet auf die auf dem Tisch gewürfelten Augen (oder „Für mich würfeln“). Von der App gewürfelt: aus dem Startwert unten.</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="23"/>
        <source>Dice:</source>
        <translation>Würfel:</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="32"/>
        <source>Not tracked on a physical table yet: %1 (their markers, zones or pieces are placed by the engine).</source>
        <translation>Auf einem echten Tisch noch nicht verfolgbar: %1 (ihre Marker, Zonen oder Teile platziert die Engine).</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="39"/>
        <source>Start Tracking</source>
        <translation>Begleitung starten</translation>
    </message>
</context>
<context>
    <name>jw::UnitBrowser</name>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="36"/>
        <source>Search units</source>
        <translation>Einheiten suchen</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="37"/>
        <source>Search names, weapons, traits, rules text…</source>
        <translation>Namen, Waffen, Eigenschaften, Regeltext suchen…</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="38"/>
        <source>Every word must appear somewhere in the unit: its name, class, weapons, traits or their rules (&quot;laser hangers&quot;)</source>
        <translation>Jedes Wort muss irgendwo in der Einheit vorkommen: Name, Klasse, Waffen, Eigenschaften oder deren Regeln (&quot;laser hangers&quot;)</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="44"/>
        <source>Show the units of one faction</source>
        <translation>Die Einheiten einer Fraktion anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="48"/>
        <source>Show one type of unit</source>
        <translation>Einen Einheitentyp anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="49"/>
        <source>All types</source>
        <translation>Alle Typen</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="50"/>
        <source>Capital Ships</source>
        <translation>Großkampfschiffe</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="51"/>
        <source>Squadrons</source>
        <translation>Staffeln</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="52"/>
        <source>Exo-Armor</source>
        <translation>Exo-Armor</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="53"/>
        <source>Fighters</source>
        <translation>Jäger</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="57"/>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="75"/>
        <source>No unit matches the filters.</source>
        <translation>Keine Einheit entspricht den Filtern.</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="82"/>
        <source>* provisional: values that are jwfleet&apos;s estimate, not published in the rules or on a printed card</source>
        <translation>* vorläufig: Werte, die jwfleet geschätzt hat, nicht in den Regeln oder auf einer gedruckten Karte veröffentlicht</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="87"/>
        <source>The unit&apos;s Details say which values; enter a printed card&apos;s values to replace them.</source>
        <translation>Die Details der Einheit nennen die Werte; die Werte einer gedruckten Karte eingeben, um sie zu ersetzen.</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="91"/>
        <location filename="../ui/unitbrowser.cpp" line="283"/>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="93"/>
        <source>Select two or three units (Ctrl+click) to see them side by side</source>
        <translation>Zwei oder drei Einheiten wählen (Strg+Klick), um sie nebeneinander zu sehen</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="94"/>
        <source>Add to Fleet</source>
        <translation>Zur Flotte hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="96"/>
        <source>Add the selected units to the fleet open in the Fleet Builder (undo it there)</source>
        <translation>Die gewählten Einheiten der im Flottenbau geöffneten Flotte hinzufügen (dort rückgängig machbar)</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="98"/>
        <source>Enter Printed Card Values…</source>
        <translation>Werte der gedruckten Karte eingeben…</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="100"/>
        <source>Replace the selected unit&apos;s values with those printed on your card (Edit › Undo takes it back)</source>
        <translation>Die Werte der gewählten Einheit durch die auf Ihrer Karte gedruckten ersetzen (Bearbeiten › Rückgängig nimmt es zurück)</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="115"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="120"/>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="200"/>
        <source>All factions</source>
        <translation>Alle Fraktionen</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/unitbrowser.cpp" line="283"/>
        <source>Compare %n Units</source>
        <translation>
            <numerusform>%n Einheit vergleichen</numerusform>
            <numerusform>%n Einheiten vergleichen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="319"/>
        <source>%1 units</source>
        <translation>%1 Einheiten</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="320"/>
        <source>%1 of %2 units</source>
        <translation>%1 von %2 Einheiten</translation>
    </message>
</context>
<context>
    <name>jw::UnitCompareDialog</name>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="39"/>
        <source>AC %1</source>
        <translation>AC %1</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="40"/>
        <source>AS %1</source>
        <translation>AS %1</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="42"/>
        <source>Ma +%1</source>
        <translation>Ma +%1</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="77"/>
        <source>Compare %1</source>
        <translation>Vergleich: %1</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="87"/>
        <source>Highlighted rows: the units differ there. * provisional: values that are jwfleet&apos;s estimate, not published.</source>
        <translation>Hervorgehobene Zeilen: Dort unterscheiden sich die Einheiten. * vorläufig: Werte, die jwfleet geschätzt hat, nicht veröffentlicht.</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="130"/>
        <source>Faction</source>
        <translation>Fraktion</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="134"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="139"/>
        <source>Threat Value</source>
        <translation>Bedrohungswert</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="141"/>
        <source>Unit Cap</source>
        <translation>Einheitenlimit</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="146"/>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="148"/>
        <source>Turns</source>
        <translation>Wenden</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="153"/>
        <source>Fire Control</source>
        <translation>Feuerleitung</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="155"/>
        <source>Skill</source>
        <translation>Fertigkeit</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="157"/>
        <source>Armor</source>
        <translation>Panzerung</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="158"/>
        <location filename="../ui/unitcomparedialog.cpp" line="167"/>
        <source>Fore %1 · Sides %2 · Aft %3</source>
        <translation>Bug %1 · Seiten %2 · Heck %3</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="175"/>
        <source>Structure</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="177"/>
        <source>Defense</source>
        <translation>Verteidigung</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="179"/>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="181"/>
        <source>Thrusters</source>
        <translation>Triebwerke</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="183"/>
        <source>Marines</source>
        <translation>Marines</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="185"/>
        <source>Fuel</source>
        <translation>Treibstoff</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="187"/>
        <source>TV per Structure box</source>
        <translation>TV pro Strukturkästchen</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="193"/>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="195"/>
        <source>Rules version</source>
        <translation>Regelversion</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="196"/>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="197"/>
        <source>* provisional (jwfleet&apos;s estimate)</source>
        <translation>* vorläufig (von jwfleet geschätzt)</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="198"/>
        <source>published</source>
        <translation>veröffentlicht</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="213"/>
        <source>Weapons</source>
        <translation>Waffen</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="225"/>
        <source>Traits</source>
        <translation>Eigenschaften</translation>
    </message>
</context>
<context>
    <name>jw::UnitDetailView</name>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="63"/>
        <source>Unit details</source>
        <translation>Einzelheiten der Einheit</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="74"/>
        <source>Select a unit to see its ratings, weapons and traits.</source>
        <translation>Eine Einheit wählen, um ihre Werte, Waffen und Eigenschaften zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="101"/>
        <source>Provisional.</source>
        <translation>Vorläufig.</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="102"/>
        <source>Some values are ours, not the printed card&apos;s: %1</source>
        <translation>Einige Werte stammen von uns, nicht von der gedruckten Karte: %1</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="117"/>
        <source>your card</source>
        <translation>Ihre Karte</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="133"/>
        <source>card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="133"/>
        <source>card %1</source>
        <translation>Karte %1</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="134"/>
        <source>rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="147"/>
        <source>✎ Values you entered from a printed card (Enter Printed Card Values… changes or reverts them).</source>
        <translation>✎ Werte, die Sie von einer gedruckten Karte eingegeben haben (Werte der gedruckten Karte eingeben… ändert sie oder setzt sie zurück).</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="149"/>
        <source>✎ Values you entered from a printed card: %1 (Enter Printed Card Values… changes or reverts them).</source>
        <translation>✎ Werte, die Sie von einer gedruckten Karte eingegeben haben: %1 (Werte der gedruckten Karte eingeben… ändert sie oder setzt sie zurück).</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="155"/>
        <source>Ratings</source>
        <translation>Werte</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="158"/>
        <source>Threat Value</source>
        <translation>Bedrohungswert</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="162"/>
        <source>Unit Cap</source>
        <translation>Einheitenlimit</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="164"/>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="166"/>
        <source>Turns</source>
        <translation>Wenden</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="167"/>
        <source>Fire Control</source>
        <translation>Feuerleitung</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="168"/>
        <source>Skill</source>
        <translation>Fertigkeit</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="170"/>
        <source>Armor</source>
        <translation>Panzerung</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="171"/>
        <source>Fore %1 · Port/Starboard %2 · Aft %3</source>
        <translation>Bug %1 · Backbord/Steuerbord %2 · Heck %3</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="175"/>
        <source>Structure</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="176"/>
        <source>Defense (1–2)</source>
        <translation>Verteidigung (1–2)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="176"/>
        <source>Defense</source>
        <translation>Verteidigung</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="178"/>
        <source>Sensors (3–4)</source>
        <translation>Sensoren (3–4)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="178"/>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="181"/>
        <source>Thrusters (5–6)</source>
        <translation>Triebwerke (5–6)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="182"/>
        <source>Marines</source>
        <translation>Marines</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="184"/>
        <source>Fuel</source>
        <translation>Treibstoff</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="186"/>
        <source>Base</source>
        <translation>Sockel</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="187"/>
        <source>Rules version</source>
        <translation>Regelversion</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="191"/>
        <source>* jwfleet&apos;s estimate, not published: check it against the printed card. </source>
        <translation>* Schätzung von jwfleet, nicht veröffentlicht: mit der gedruckten Karte vergleichen. </translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="194"/>
        <source>Underlined boxes are redundant: the rating falls only when all of them are marked.</source>
        <translation>Unterstrichene Kästchen sind redundant: Der Wert sinkt erst, wenn alle markiert sind.</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="197"/>
        <source>Weapons</source>
        <translation>Waffen</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="199"/>
        <location filename="../ui/unitdetailview.cpp" line="233"/>
        <source>&lt;p&gt;None.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Keine.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="205"/>
        <source>Weapon</source>
        <translation>Waffe</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="205"/>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="207"/>
        <source>Arc</source>
        <translation>Feuerwinkel</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="208"/>
        <source>AC</source>
        <translation>AC</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="208"/>
        <source>AS</source>
        <translation>AS</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="208"/>
        <source>Ma</source>
        <translation>Ma</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="208"/>
        <location filename="../ui/unitdetailview.cpp" line="231"/>
        <source>Traits</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="253"/>
        <source>Weapon traits</source>
        <translation>Waffeneigenschaften</translation>
    </message>
</context>
<context>
    <name>jw::UnitListModel</name>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="148"/>
        <source>Armor: Fore %1 · Port/Starboard %2 · Aft %3</source>
        <translation>Panzerung: Bug %1 · Backbord/Steuerbord %2 · Heck %3</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="153"/>
        <source>%1 TV for %2 Structure boxes</source>
        <translation>%1 TV für %2 Strukturkästchen</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="155"/>
        <source>%1: provisional values (%2)</source>
        <translation>%1: vorläufige Werte (%2)</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="156"/>
        <source>%1: values from %2</source>
        <translation>%1: Werte aus %2</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="189"/>
        <source>Threat Value: the points the unit costs</source>
        <translation>Bedrohungswert: die Punkte, die die Einheit kostet</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="191"/>
        <source>Unit Cap: copies allowed per block of the points limit</source>
        <translation>Einheitenlimit: erlaubte Exemplare je Block des Punktelimits</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="193"/>
        <source>Armor of a Capital Ship: Fore/Port and Starboard/Aft</source>
        <translation>Panzerung eines Großkampfschiffs: Bug/Backbord und Steuerbord/Heck</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="195"/>
        <source>Sensors rating (undamaged)</source>
        <translation>Sensorwert (unbeschädigt)</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="197"/>
        <source>Threat Value per box of Structure: what each hit the unit can take costs</source>
        <translation>Bedrohungswert pro Strukturkästchen: was jeder Treffer kostet, den die Einheit einstecken kann</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="205"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="207"/>
        <source>Faction</source>
        <translation>Fraktion</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="209"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="211"/>
        <source>TV</source>
        <translation>TV</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="213"/>
        <source>UC</source>
        <translation>UC</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="215"/>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="217"/>
        <source>Armor</source>
        <translation>Panzerung</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="219"/>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="221"/>
        <source>TV/Str.</source>
        <translation>TV/Str.</translation>
    </message>
</context>
<context>
    <name>jw::UnitType</name>
    <message>
        <location filename="../ui/unittypetext.cpp" line="12"/>
        <source>Capital Ship</source>
        <translation>Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../ui/unittypetext.cpp" line="14"/>
        <source>Exo-Armor</source>
        <translation>Exo-Armor</translation>
    </message>
    <message>
        <location filename="../ui/unittypetext.cpp" line="16"/>
        <source>Fighter</source>
        <translation>Jäger</translation>
    </message>
</context>
<context>
    <name>jw::ValidationPanel</name>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="88"/>
        <source>%1 of %2 points</source>
        <translation>%1 von %2 Punkten</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="91"/>
        <source>✔ Legal fleet · %1</source>
        <translation>✔ Regelkonforme Flotte · %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="92"/>
        <source>✔ Legal fleet · %1 · %2 warning(s)</source>
        <translation>✔ Regelkonforme Flotte · %1 · %2 Warnung(en)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="95"/>
        <source>%1 error(s)</source>
        <translation>%1 Fehler</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="96"/>
        <source>%1 error(s), %2 warning(s)</source>
        <translation>%1 Fehler, %2 Warnung(en)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="97"/>
        <source>✘ Not legal · %1 · %2</source>
        <translation>✘ Nicht regelkonform · %1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="101"/>
        <source> · on jwfleet&apos;s estimated values</source>
        <translation> · auf jwfleets geschätzten Werten</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="102"/>
        <source>Some Threat Values or Unit Caps this verdict uses are jwfleet&apos;s estimate, not published in the rules or on a printed card (the units marked *).</source>
        <translation>Einige Bedrohungswerte oder Einheitenlimits, auf denen dieses Urteil beruht, sind jwfleets Schätzung und weder in den Regeln noch auf einer gedruckten Karte veröffentlicht (die mit * markierten Einheiten).</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="119"/>
        <source>check these values against the printed cards (a unit&apos;s Details on the Unit Database tab mark each value; Enter Printed Card Values… replaces them)</source>
        <translation>diese Werte mit den gedruckten Karten vergleichen (die Details einer Einheit in der Einheitendatenbank kennzeichnen jeden Wert; „Werte der gedruckten Karte eingeben…“ ersetzt sie)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="122"/>
        <source>check these values against the printed cards (Enter Printed Card Values… on the Unit Database tab changes them or reverts them to jwfleet&apos;s)</source>
        <translation>diese Werte mit den gedruckten Karten vergleichen („Werte der gedruckten Karte eingeben…“ in der Einheitendatenbank ändert sie oder setzt sie auf die von jwfleet zurück)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="126"/>
        <source>Fix: %1</source>
        <translation>Abhilfe: %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="137"/>
        <source>No problems: every fleet rule of %1 holds.</source>
        <translation>Keine Probleme: Jede Flottenregel von %1 ist erfüllt.</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="21"/>
        <source>Rule…</source>
        <translation>Regel…</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="29"/>
        <source>Fleet problems</source>
        <translation>Probleme der Flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="43"/>
        <source>Open the selected problem&apos;s rule in Help › Rules Reference</source>
        <translation>Die Regel des gewählten Problems in Hilfe › Regelreferenz öffnen</translation>
    </message>
</context>
<context>
    <name>jw::WeaponOddsView</name>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="24"/>
        <source>Armor of the capital ship&apos;s arc that is hit: its value is taken from the Macro Pool</source>
        <translation>Panzerung des getroffenen Feuerwinkels des Großkampfschiffs: Ihr Wert wird aus dem Makro-Pool genommen</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="27"/>
        <source>&lt;b&gt;Expected damage per attack&lt;/b&gt;</source>
        <translation>&lt;b&gt;Erwarteter Schaden je Angriff&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="30"/>
        <source>Target armor:</source>
        <translation>Zielpanzerung:</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="36"/>
        <source>Expected damage per attack</source>
        <translation>Erwarteter Schaden je Angriff</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="50"/>
        <source>All damage boxes marked against a capital ship (Structure, ratings, critical hits); Structure lost by a squadron, and its chance of being destroyed. Hover a cell for the pool and the details.</source>
        <translation>Alle gegen ein Großkampfschiff markierten Schadenskästchen (Struktur, Werte, kritische Treffer); von einer Staffel verlorene Struktur und ihre Chance, zerstört zu werden. Für Pool und Details mit der Maus auf eine Zelle zeigen.</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="99"/>
        <source>vs Capital Ship</source>
        <translation>gegen Großkampfschiff</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="100"/>
        <source>vs Squadron</source>
        <translation>gegen Staffel</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="103"/>
        <source>Weapon</source>
        <translation>Waffe</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="105"/>
        <source>short</source>
        <translation>kurz</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="106"/>
        <source>long</source>
        <translation>lang</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="124"/>
        <source>No dice against this target</source>
        <translation>Keine Würfel gegen dieses Ziel</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="127"/>
        <source>Pool %1 · success %2%</source>
        <translation>Pool %1 · Erfolg %2%</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="131"/>
        <source>
Structure %1 · rating damage %2 · critical hits %3</source>
        <translation>
Struktur %1 · Wertschaden %2 · kritische Treffer %3</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="137"/>
        <source>
&lt;1% kill</source>
        <translation>
&lt;1% Zerstörung</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="138"/>
        <source>
+%1% kill</source>
        <translation>
+%1% Zerstörung</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="139"/>
        <source>
Structure %1 · destroyed by a [Q+]: %2%</source>
        <translation>
Struktur %1 · zerstört durch ein [Q+]: %2%</translation>
    </message>
</context>
</TS>
