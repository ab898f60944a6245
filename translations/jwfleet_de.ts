<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="35"/>
        <source>Fleet files (*.jwfleet);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="38"/>
        <source> &lt;i&gt;(System Trait, 1 box)&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="39"/>
        <source> &lt;i&gt;(System Trait, %1 boxes)&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="141"/>
        <source>Print Preview – %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="145"/>
        <location filename="../ui/print/printing.cpp" line="165"/>
        <source>Print</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="165"/>
        <source>The fleet has no units to print.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="197"/>
        <source>Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="207"/>
        <location filename="../ui/print/printing.cpp" line="217"/>
        <source>Export Cards to PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="208"/>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="228"/>
        <location filename="../ui/print/printing.cpp" line="241"/>
        <source>Export Card as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="230"/>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::CardView</name>
    <message>
        <location filename="../ui/print/cardview.cpp" line="26"/>
        <source>Click to turn the card over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="72"/>
        <source>Select a unit to see its card.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="83"/>
        <source>side %1 of %2 – click to turn</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::FleetBuilder</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="54"/>
        <source>Add to Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="57"/>
        <source>Add the selected unit (or double-click it, or drag it to the fleet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="61"/>
        <source>&lt;b&gt;Units&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="95"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="98"/>
        <source>Move Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="99"/>
        <source>Move Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="100"/>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="109"/>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="357"/>
        <source>Selected model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="113"/>
        <source>Start the game on the table, or embarked on a carrier (Hangers for squadrons, Dock for a capital ship)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="115"/>
        <source>Starts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="118"/>
        <source>%1 (%2 TV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="137"/>
        <source>Upgrades:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="140"/>
        <source>Fleet rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="151"/>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="152"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="153"/>
        <source>Weapon Odds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="156"/>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="225"/>
        <source>Fleet name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="234"/>
        <source> pts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="238"/>
        <source>The game sizes of the rules profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="244"/>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="246"/>
        <source>Faction:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="248"/>
        <source>Points:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="251"/>
        <source>Rules:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="287"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="291"/>
        <source>Agreed limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="301"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 points · %3 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="302"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 points · &lt;b&gt;%3 over&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="339"/>
        <source>Selected model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="340"/>
        <source>On the table (or In Reserve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="342"/>
        <source>Embarked on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="345"/>
        <source>Embarked on %1 (not a carrier)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::FleetDocument</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="79"/>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="147"/>
        <source>Add %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="148"/>
        <source>Add %1 units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="164"/>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="165"/>
        <source>Remove %1 units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="174"/>
        <source>Move %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="185"/>
        <source>Duplicate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="194"/>
        <source>Rename %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="204"/>
        <source>Embark %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="206"/>
        <source>Deploy %1 on the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="215"/>
        <source>Change upgrades of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="222"/>
        <source>Rename fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="230"/>
        <source>Change faction to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="237"/>
        <source>Set points to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="244"/>
        <source>Use rules %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::FleetListModel</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="75"/>
        <source>unknown unit &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="92"/>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="98"/>
        <source>embarked on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="99"/>
        <source>on the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="136"/>
        <source>Double-click or press F2 to rename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="167"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="169"/>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="171"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="173"/>
        <source>TV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="175"/>
        <source>Copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="177"/>
        <source>Starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="179"/>
        <source>Upgrades</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="50"/>
        <source>Fleet Builder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="51"/>
        <source>Unit Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="63"/>
        <source>%1 factions, %2 units (%3 provisional) · rules %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="76"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="77"/>
        <source>&amp;New Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="82"/>
        <source>&amp;Open Fleet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="86"/>
        <location filename="../ui/mainwindow.cpp" line="210"/>
        <source>Open Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="91"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="94"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="96"/>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="99"/>
        <source>&amp;Export Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="100"/>
        <source>As &amp;Text…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="101"/>
        <source>As &amp;Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="103"/>
        <source>As &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="105"/>
        <source>&amp;Print Fleet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="108"/>
        <source>Export Fleet Cards to P&amp;DF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="114"/>
        <location filename="../ui/mainwindow.cpp" line="126"/>
        <source>Print &amp;Unit Card…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="118"/>
        <location filename="../ui/mainwindow.cpp" line="128"/>
        <source>Export Unit Card as P&amp;NG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="126"/>
        <source>Print Card of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="127"/>
        <source>Export Card of %1 as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="131"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="135"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="136"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="138"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="143"/>
        <source>&amp;Copy Fleet as Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="146"/>
        <source>&amp;Find Unit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="152"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="153"/>
        <source>Fleet &amp;Builder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="155"/>
        <source>Unit &amp;Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="158"/>
        <source>&amp;Full Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="165"/>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="167"/>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="167"/>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="167"/>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="176"/>
        <source>Unit &amp;Data Problems…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="178"/>
        <source>Unit data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="178"/>
        <source>The unit data has no problems.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="183"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="184"/>
        <source>&amp;About jwfleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="186"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="193"/>
        <source>%1[*] – jwfleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="211"/>
        <source>%1 cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="219"/>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="228"/>
        <location filename="../ui/mainwindow.cpp" line="246"/>
        <location filename="../ui/mainwindow.cpp" line="252"/>
        <source>Save Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="232"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="241"/>
        <source>fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="264"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="265"/>
        <source>The fleet &quot;%1&quot; has changes that are not saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="298"/>
        <source>No recent fleets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="301"/>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="319"/>
        <location filename="../ui/mainwindow.cpp" line="327"/>
        <source>Export Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="320"/>
        <source>%1 files (*.%2);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="328"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="331"/>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="342"/>
        <source>The fleet list is on the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="352"/>
        <source>Problems in the unit data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="354"/>
        <source>Some faction files have errors and were not loaded. Fix them and restart, or check them with &apos;jwfleet-cli check-data&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="356"/>
        <source>The unit data has warnings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="365"/>
        <source>About jwfleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="366"/>
        <source>&lt;h3&gt;jwfleet %1&lt;/h3&gt;&lt;p&gt;Fleet builder, unit cards and game table for &lt;i&gt;Jovian Wars&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Rules version: &lt;b&gt;%2&lt;/b&gt; (the default profile; v1.2.3 and v1.2.4 are available as rules profiles).&lt;/p&gt;&lt;p&gt;Units marked &lt;i&gt;provisional&lt;/i&gt; carry values of our own where the rules give none; replace them with the printed cards&apos; values.&lt;/p&gt;&lt;p&gt;Built with Qt %3.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::PrintOptionsDialog</name>
    <message>
        <location filename="../ui/print/printing.cpp" line="37"/>
        <source>Roster page first (fleet, points, legality, carrier plan)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="41"/>
        <source>Print Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="42"/>
        <source>4 cards per page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="43"/>
        <source>2 cards per page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="44"/>
        <source>1 card per page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="45"/>
        <source>A4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="46"/>
        <source>US Letter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="47"/>
        <source>Best for the layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="63"/>
        <source>Layout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="64"/>
        <source>Paper:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="65"/>
        <source>Card size:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::UnitBrowser</name>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="32"/>
        <source>Search units by name or class…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="37"/>
        <source>Show the units of one faction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="41"/>
        <source>Show one type of unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="42"/>
        <source>All types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="43"/>
        <source>Capital Ships</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="44"/>
        <source>Squadrons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="45"/>
        <source>Exo-Armor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="46"/>
        <source>Fighters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="66"/>
        <source>No unit matches the filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="77"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="82"/>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="144"/>
        <source>All factions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="200"/>
        <source>%1 units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="201"/>
        <source>%1 of %2 units</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::UnitDetailView</name>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="67"/>
        <source>Select a unit to see its ratings, weapons and traits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="94"/>
        <source>Provisional.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="95"/>
        <source>Some values are ours, not the printed card&apos;s: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="99"/>
        <source>Ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="100"/>
        <source>Threat Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="101"/>
        <source>Unit Cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="102"/>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="104"/>
        <source>Turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="105"/>
        <source>Fire Control</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="106"/>
        <source>Skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="108"/>
        <source>Armor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="109"/>
        <source>Fore %1 · Port/Starboard %2 · Aft %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="113"/>
        <source>Structure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="114"/>
        <source>Defense (1–2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="114"/>
        <source>Defense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="115"/>
        <source>Sensors (3–4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="115"/>
        <source>Sensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="117"/>
        <source>Thrusters (5–6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="118"/>
        <source>Marines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="120"/>
        <source>Fuel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="122"/>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="123"/>
        <source>Rules version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="127"/>
        <source>Underlined boxes are redundant: the rating falls only when all of them are marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="130"/>
        <source>Weapons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="132"/>
        <location filename="../ui/unitdetailview.cpp" line="165"/>
        <source>&lt;p&gt;None.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="138"/>
        <source>Weapon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="138"/>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="140"/>
        <source>Arc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="141"/>
        <source>AC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="141"/>
        <source>AS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="141"/>
        <source>Ma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="141"/>
        <location filename="../ui/unitdetailview.cpp" line="163"/>
        <source>Traits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="185"/>
        <source>Weapon traits</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::UnitListModel</name>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="73"/>
        <source>%1: provisional values (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="74"/>
        <source>%1: values from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="104"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="106"/>
        <source>Faction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="108"/>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="110"/>
        <source>TV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="112"/>
        <source>UC</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::ValidationPanel</name>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="60"/>
        <source>%1 of %2 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="63"/>
        <source>✔ Legal fleet · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="64"/>
        <source>✔ Legal fleet · %1 · %2 warning(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="67"/>
        <source>%1 error(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="68"/>
        <source>%1 error(s), %2 warning(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="69"/>
        <source>✘ Not legal · %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="86"/>
        <source>No problems: every fleet rule of %1 holds.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jw::WeaponOddsView</name>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="22"/>
        <source>Armor of the capital ship&apos;s arc that is hit: its value is taken from the Macro Pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="25"/>
        <source>&lt;b&gt;Expected damage per attack&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="26"/>
        <source>Target armor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="43"/>
        <source>All damage boxes marked against a capital ship (Structure, ratings, critical hits); Structure lost by a squadron, and its chance of being destroyed. Hover a cell for the pool and the details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="91"/>
        <source>vs Capital Ship</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="92"/>
        <source>vs Squadron</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="95"/>
        <source>Weapon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="97"/>
        <source>short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="98"/>
        <source>long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="115"/>
        <source>No dice against this target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="118"/>
        <source>Pool %1 · success %2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="122"/>
        <source>
Structure %1 · rating damage %2 · critical hits %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="128"/>
        <source>
&lt;1% kill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="129"/>
        <source>
+%1% kill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="130"/>
        <source>
Structure %1 · destroyed by a [Q+]: %2%</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
