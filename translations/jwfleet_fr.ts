<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>QObject</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="52"/>
        <source>Fleet files (*.jwfleet);;All files (*)</source>
        <translation>Fichiers de flotte (*.jwfleet);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="44"/>
        <source> &lt;i&gt;(System Trait, 1 box)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(Trait de Système, 1 case)&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="45"/>
        <source> &lt;i&gt;(System Trait, %1 boxes)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(Trait de Système, %1 cases)&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="145"/>
        <source>Print Preview – %1</source>
        <translation>Aperçu avant impression – %1</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="149"/>
        <location filename="../ui/print/printing.cpp" line="169"/>
        <source>Print</source>
        <translation>Imprimer</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="169"/>
        <source>The fleet has no units to print.</source>
        <translation>La flotte n&apos;a aucune unité à imprimer.</translation>
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
        <translation>Exporter les cartes en PDF</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="212"/>
        <source>PDF files (*.pdf)</source>
        <translation>Fichiers PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="232"/>
        <location filename="../ui/print/printing.cpp" line="245"/>
        <source>Export Card as PNG</source>
        <translation>Exporter la carte en PNG</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="234"/>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="213"/>
        <source>Area. Move: AC:2 (Capital Ships). Overlap: Defense +1.</source>
        <translation>Zone. Déplacement : AC:2 (Vaisseaux Capitaux). Chevauchement : Défense +1.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="215"/>
        <source>Area. Move: AC/AS:2, Speed -1. Overlap: ECM +1.</source>
        <translation>Zone. Déplacement : AC/AS:2, Vitesse -1. Chevauchement : ECM +1.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="217"/>
        <source>Body: Model, Overlap AC:6, Stealth +1 within 3&quot;. Tail: Area, Move AC/AS:2, Overlap Defense +1. Moves 2d6 away from its Tail at the end of each Deployment Phase%1.</source>
        <translation>Noyau : figurine, chevauchement AC:6, Furtivité +1 à 3&quot; ou moins. Queue : zone, déplacement AC/AS:2, chevauchement Défense +1. S&apos;éloigne de 2d6 de sa Queue à la fin de chaque Phase de Déploiement%1.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="220"/>
        <source> (this one is Stationary)</source>
        <translation> (celle-ci est Stationnaire)</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="223"/>
        <source>Model. Stealth +1 within 3&quot;; a Capital Ship ending its move on it: AC:6.</source>
        <translation>Figurine. Furtivité +1 à 3&quot; ou moins ; un Vaisseau Capital qui termine son déplacement dessus : AC:6.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="226"/>
        <source>Token (40 mm). AC:3 Missile attack on an enemy Capital Ship moving within 3&quot;. A Squadron with Structure 2 to attack.</source>
        <translation>Pion (40 mm). Attaque de Missile AC:3 contre un Vaisseau Capital ennemi qui se déplace à 3&quot; ou moins. S&apos;attaque comme une Escadrille de Structure 2.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="229"/>
        <source>Area. Move: AC/AS:2. Overlap: Defense +1; Beam and Particle attacks on or through it -1d6.</source>
        <translation>Zone. Déplacement : AC/AS:2. Chevauchement : Défense +1 ; attaques de Faisceau et de Particules sur elle ou à travers elle -1d6.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="232"/>
        <source>Edge. Capital Ships: Speed +2 with it in the Fore arc, -1 in the Aft arc. May not be overlapped or moved through.</source>
        <translation>Bord. Vaisseaux Capitaux : Vitesse +2 s&apos;il est dans l&apos;arc Avant, -1 dans l&apos;arc Arrière. Ne peut être ni chevauché ni traversé.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="235"/>
        <source>Area. Stealth +1 within 3&quot;; Speed +2 starting a move on it; no damage.</source>
        <translation>Zone. Furtivité +1 à 3&quot; ou moins ; Vitesse +2 en commençant un déplacement dessus ; aucun dégât.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="238"/>
        <source>Model: Structure %1, Hangers %2.</source>
        <translation>Figurine : Structure %1, Hangars %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/terrainitem.cpp" line="242"/>
        <source>Model: Structure %1; may be boarded.</source>
        <translation>Figurine : Structure %1 ; peut subir un Abordage.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="113"/>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="116"/>
        <source>Campaign database (SQLite file)</source>
        <translation>Base de données de campagne (fichier SQLite)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="118"/>
        <source>Campaign databases (*.sqlite *.db);;All files (*)</source>
        <translation>Bases de données de campagne (*.sqlite *.db);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="123"/>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1297"/>
        <source>The file does not exist yet: it will be created.</source>
        <translation>Le fichier n&apos;existe pas encore : il sera créé.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1308"/>
        <source>Connected: campaign “%1”.</source>
        <translation>Connecté : campagne « %1 ».</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1309"/>
        <source>Connected: no campaign in it yet.</source>
        <translation>Connecté : elle ne contient encore aucune campagne.</translation>
    </message>
</context>
<context>
    <name>RulesLibrary</name>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="64"/>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="64"/>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="73"/>
        <source>Rules profiles</source>
        <translation>Profils de règles</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="74"/>
        <source>The rules versions differ in a few places. jwfleet plays each version as a rules profile, chosen for a fleet, a game and a campaign; v1.2.2, the only complete text, is the default. This table is what the engine applies; RULINGS.md, section 2, quotes the texts.</source>
        <translation>Les versions des règles diffèrent en quelques points. jwfleet joue chaque version comme un profil de règles, choisi pour une flotte, une partie et une campagne ; la v1.2.2, seul texte complet, est le profil par défaut. Ce tableau montre ce qu&apos;applique le moteur ; RULINGS.md, section 2, cite les textes.</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="80"/>
        <source>What differs</source>
        <translation>Ce qui diffère</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="81"/>
        <source>switch</source>
        <translation>option</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="94"/>
        <source>Game sizes (points)</source>
        <translation>Formats de partie (points)</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="100"/>
        <source>Unit Cap</source>
        <translation>Limite d&apos;Unités</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="101"/>
        <source>Upgrades</source>
        <translation>Améliorations</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="103"/>
        <source>cards not published</source>
        <translation>cartes non publiées</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="104"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="107"/>
        <source>Explosion</source>
        <translation>Explosion</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="109"/>
        <source>pools from the starting Structure</source>
        <translation>réserves d&apos;après la Structure de départ</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="110"/>
        <source>Particle Cannon attack within 6&quot;</source>
        <translation>attaque de Canon à Particules à 6&quot; ou moins</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="112"/>
        <source>Assaulting state</source>
        <translation>état En Assaut</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="114"/>
        <source>after an Assault</source>
        <translation>après un Assaut</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="115"/>
        <source>after a Bombing Run</source>
        <translation>après une passe de Bombardement</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="117"/>
        <source>A Boarded ship may Initiate Boarding</source>
        <translation>Un vaisseau Abordé peut Lancer l&apos;Abordage</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="119"/>
        <source>Withdrawn by leaving play</source>
        <translation>Retiré en quittant le jeu</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="121"/>
        <source>Secret deployment and unit cards</source>
        <translation>Déploiement secret et cartes d&apos;unités</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="123"/>
        <source>Squadron [Q+] damage</source>
        <translation>Dégâts [Q+] sur les Escadrilles</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="124"/>
        <source>Destroyed</source>
        <translation>Détruit</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="125"/>
        <source>-3 Structure</source>
        <translation>-3 Structure</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="132"/>
        <source>The default profile.</source>
        <translation>Le profil par défaut.</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="133"/>
        <source>Its texts: the States and Dice System chapters of this version, where they are among jwfleet&apos;s texts; everything else as in v1.2.2.</source>
        <translation>Ses textes : les chapitres States et Dice System de cette version, lorsqu&apos;ils figurent parmi les textes de jwfleet ; tout le reste comme en v1.2.2.</translation>
    </message>
    <message>
        <location filename="../ui/help/ruleslibrary.cpp" line="142"/>
        <source>Fleet building</source>
        <translation>Construction de flotte</translation>
    </message>
</context>
<context>
    <name>jw::Application</name>
    <message>
        <location filename="../ui/application.cpp" line="24"/>
        <source>an unknown error</source>
        <translation>une erreur inconnue</translation>
    </message>
    <message>
        <location filename="../ui/application.cpp" line="34"/>
        <source>Something went wrong: %1

What you were doing was stopped; your files are as they were last saved. Please save your work under a new name and report this problem.</source>
        <translation>Une erreur s&apos;est produite : %1

L&apos;opération en cours a été interrompue ; vos fichiers sont tels qu&apos;ils ont été enregistrés pour la dernière fois. Enregistrez votre travail sous un nouveau nom et signalez ce problème.</translation>
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
        <translation>Les dés de Base sont lancés et conservés. Les dés Flex sont lancés avec eux, puis vous retirez autant de dés qu&apos;il y a de dés Flex, à votre choix. Deux dés ou plus de même valeur forment un succès : un Double [D], un Triple [T], un Quadruple+ [Q]. Les dés Macro sont lancés à part : chaque dé Macro qui montre la valeur d&apos;un succès l&apos;amplifie (+ Macro) ou le diminue (− Macro).</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="181"/>
        <source>&lt;b&gt;Odds of the best result&lt;/b&gt;</source>
        <translation>&lt;b&gt;Probabilités du meilleur résultat&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="199"/>
        <source>Roll the dice (Enter)</source>
        <translation>Lancer les dés (Enter)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="202"/>
        <source>Cancel (Esc)</source>
        <translation>Annuler (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="226"/>
        <source>%1&apos;s %2 → %3</source>
        <translation>%2 de %1 → %3</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="228"/>
        <source>%1 range, %2&quot;</source>
        <translation>portée %1, %2&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="232"/>
        <source>, from its %1 arc</source>
        <translation>, depuis son arc %1</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="234"/>
        <source>. Link: %1 rolls, one after the other</source>
        <translation>. Link : %1 jets, l&apos;un après l&apos;autre</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="239"/>
        <source>. Also on the Kinetic Cannon&apos;s line (−1B each): %1</source>
        <translation>. Également sur la ligne du Canon Cinétique (−1B chacun) : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="243"/>
        <source>. %1 is Cloaked: a Skill Test [D+] comes first</source>
        <translation>. %1 est occulté (Cloak) : un Test de Compétence [D+] d&apos;abord</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="245"/>
        <source>. Enemy squadrons may intercept first</source>
        <translation>. Les escadrilles ennemies peuvent intercepter d&apos;abord</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="251"/>
        <source>%n Base</source>
        <translation>
            <numerusform>%n Base</numerusform>
            <numerusform>%n Base</numerusform>
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
            <numerusform>+%n Macro</numerusform>
            <numerusform>+%n Macro</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="256"/>
        <source>−%n Macro</source>
        <translation>
            <numerusform>−%n Macro</numerusform>
            <numerusform>−%n Macro</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="258"/>
        <source>&lt;b&gt;Pool %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Réserve %1 :&lt;/b&gt; %2</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="262"/>
        <source>fewer than 2 Base dice: it rolls 2 dice, no Flex, no Macro (Dice System: Base Pool of 1)</source>
        <translation>moins de 2 dés de Base : il lance 2 dés, sans Flex ni Macro (Dice System: Base Pool of 1)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="265"/>
        <source>roll %1 dice</source>
        <translation>lancer %1 dés</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="267"/>
        <source>then drop 1 of them (Flex)</source>
        <translation>puis en retirer 1 (Flex)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="269"/>
        <source>then drop %1 of them (Flex)</source>
        <translation>puis en retirer %1 (Flex)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="271"/>
        <source>1 macro die Escalates a match of its value</source>
        <translation>1 dé Macro amplifie un succès de sa valeur</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="273"/>
        <source>%1 macro dice Escalate a match of their value</source>
        <translation>%1 dés Macro amplifient un succès de leur valeur</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="275"/>
        <source>1 macro die Diminishes a match of its value</source>
        <translation>1 dé Macro diminue un succès de sa valeur</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="277"/>
        <source>%1 macro dice Diminish a match of their value</source>
        <translation>%1 dés Macro diminuent un succès de leur valeur</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="289"/>
        <source>%1 (its rating)</source>
        <translation>%1 (sa valeur)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="293"/>
        <source>&lt;b&gt;Why this pool&lt;/b&gt;</source>
        <translation>&lt;b&gt;Pourquoi cette réserve&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="298"/>
        <source>ECM removes %n Flex dice of the Attack Bonus</source>
        <translation>
            <numerusform>L&apos;ECM retire %n dé Flex du Bonus d&apos;Attaque</numerusform>
            <numerusform>L&apos;ECM retire %n dés Flex du Bonus d&apos;Attaque</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="300"/>
        <source>%1 Armor %2: −%2 Macro</source>
        <translation>Blindage %1 %2 : −%2 Macro</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="304"/>
        <source>%1&apos;s Barrier may oppose a hit: %2, succeeds %3 (each success Diminishes the hit)</source>
        <translation>La Barrière de %1 peut s&apos;opposer à une touche : %2, réussit à %3 (chaque succès diminue la touche)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="306"/>
        <source>%1&apos;s Point Defense may oppose a hit: %2, succeeds %3 (each success Diminishes the hit)</source>
        <translation>La Défense Ponctuelle de %1 peut s&apos;opposer à une touche : %2, réussit à %3 (chaque succès diminue la touche)</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="320"/>
        <source>&lt;b&gt;Defences&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;Défenses&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="324"/>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="327"/>
        <source>&lt;b&gt;After the roll&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;Après le jet&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="334"/>
        <source>Miss %1 · [D] %2 · [T] %3 · [Q+] %4&lt;br&gt;A hit (at least [D]): %5</source>
        <translation>Raté %1 · [D] %2 · [T] %3 · [Q+] %4&lt;br&gt;Une touche (au moins [D]) : %5</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="338"/>
        <source>&lt;br&gt;&lt;small&gt;before the defence rolls&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;avant les jets de défense&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="343"/>
        <source>&lt;b&gt;Expected damage:&lt;/b&gt; %1 of its %2 Structure lost.&lt;br&gt;Chance to destroy it: %3</source>
        <translation>&lt;b&gt;Dégâts attendus :&lt;/b&gt; %1 de ses %2 points de Structure perdus.&lt;br&gt;Chance de la détruire : %3</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="349"/>
        <source>&lt;b&gt;Expected damage:&lt;/b&gt; %1 Rating Damage, %2 Structure, %3 Critical Hits.&lt;br&gt;Chance to bring it to Structure 0 (Crippled): %4 (it has %5 Structure left)</source>
        <translation>&lt;b&gt;Dégâts attendus :&lt;/b&gt; %1 dégâts d&apos;Indice, %2 Structure, %3 Coups Critiques.&lt;br&gt;Chance de l&apos;amener à Structure 0 (Désemparé) : %4 (il lui reste %5 Structure)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/attackpreview.cpp" line="357"/>
        <source>&lt;br&gt;&lt;small&gt;per roll; %n rolls&lt;/small&gt;</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;small&gt;par jet ; %n jet&lt;/small&gt;</numerusform>
            <numerusform>&lt;br&gt;&lt;small&gt;par jet ; %n jets&lt;/small&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jw::AttackResultView</name>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="31"/>
        <source>a Double</source>
        <translation>un Double</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="33"/>
        <source>a Triple</source>
        <translation>un Triple</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="35"/>
        <source>a Quadruple</source>
        <translation>un Quadruple</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="47"/>
        <source>%1 of %2s</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="50"/>
        <location filename="../ui/table/dicewidget.cpp" line="61"/>
        <source>%1 and %2</source>
        <translation>%1 et %2</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="353"/>
        <source>Attack result</source>
        <translation>Résultat de l&apos;attaque</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="413"/>
        <source>%1&apos;s %2 at %3: %4</source>
        <translation>%2 de %1 contre %3 : %4</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="431"/>
        <source>%1&apos;s Barrier opposes it:</source>
        <translation>La Barrière de %1 s&apos;y oppose :</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="432"/>
        <source>%1&apos;s Point Defense opposes it:</source>
        <translation>La Défense Ponctuelle de %1 s&apos;y oppose :</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="434"/>
        <source>%1 re-rolls its defence:</source>
        <translation>%1 relance sa défense :</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="437"/>
        <source>%1&apos;s Barrier</source>
        <translation>Barrière de %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="438"/>
        <source>%1&apos;s Point Defense</source>
        <translation>Défense Ponctuelle de %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="440"/>
        <source>Re-roll:</source>
        <translation>Relance :</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="441"/>
        <source>Attack roll:</source>
        <translation>Jet d&apos;attaque :</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="454"/>
        <source>%1 diminishes %2 to %3</source>
        <translation>%1 diminue %2 en %3</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="455"/>
        <source>The defence</source>
        <translation>La défense</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="461"/>
        <source>%1: %2 becomes %3</source>
        <translation>%1 : %2 devient %3</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="475"/>
        <source>%1&apos;s %2</source>
        <translation>%2 de %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="478"/>
        <source>%1 stops the hit: %2 misses %3.</source>
        <translation>%1 arrête la touche : %2 manque %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="481"/>
        <source>%1 misses %2: the hit is Diminished to nothing.</source>
        <translation>%1 manque %2 : la touche est Diminuée à néant.</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="483"/>
        <source>%1 misses %2: no two dice match.</source>
        <translation>%1 manque %2 : aucun dé n&apos;a la même valeur qu&apos;un autre.</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="503"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="506"/>
        <source>%1 loses %2</source>
        <translation>%1 perd %2</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="508"/>
        <source>%1 is Destroyed</source>
        <translation>%1 est Détruit</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="509"/>
        <source>%1 and is Destroyed</source>
        <translation>%1 et est Détruit</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="510"/>
        <source>%1 hits %2 with %3 (%4)</source>
        <translation>%1 touche %2 avec %3 (%4)</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="513"/>
        <source>, diminished from %1 by %2</source>
        <translation>, diminué par %2 (au lieu de %1)</translation>
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
        <translation>Saisir une bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="48"/>
        <source>&amp;Date:</source>
        <translation>&amp;Date :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="53"/>
        <source>&amp;Scenario:</source>
        <translation>&amp;Scénario :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="58"/>
        <source>First player</source>
        <translation>Premier joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="58"/>
        <source>Second player</source>
        <translation>Second joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="69"/>
        <source>Player:</source>
        <translation>Joueur :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="70"/>
        <source>Victory Points:</source>
        <translation>Points de Victoire :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="71"/>
        <source>Objective Points:</source>
        <translation>Points d&apos;Objectif :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="82"/>
        <source>&amp;Winner:</source>
        <translation>&amp;Vainqueur :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="85"/>
        <source>Units (those not changed came out Intact):</source>
        <translation>Unités (celles non modifiées sont sorties intactes) :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="88"/>
        <source>Units and how they came out</source>
        <translation>Unités et leur sort</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>TV</source>
        <translation>VM</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="89"/>
        <source>Fate</source>
        <translation>Sort</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="91"/>
        <source>%1 lost</source>
        <translation>%1 perdu(e)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="92"/>
        <source>Kills</source>
        <translation>Éliminations</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="101"/>
        <source>&amp;Notes:</source>
        <translation>&amp;Notes :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="117"/>
        <source>Add Battle</source>
        <translation>Ajouter la bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="131"/>
        <source>By the points (most Objective Points, then Victory Points)</source>
        <translation>Aux points (le plus de Points d&apos;Objectif, puis de Points de Victoire)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="135"/>
        <source>Draw</source>
        <translation>Match nul</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="248"/>
        <source>Choose both players.</source>
        <translation>Choisissez les deux joueurs.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="250"/>
        <source>A battle is between two different players.</source>
        <translation>Une bataille oppose deux joueurs différents.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/battleentrydialog.cpp" line="255"/>
        <source>the battle form</source>
        <translation>le formulaire de bataille</translation>
    </message>
</context>
<context>
    <name>jw::CampaignChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="104"/>
        <source>No data yet.</source>
        <translation>Pas encore de données.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="106"/>
        <source>Players: %1. Hover a point or a bar for its value. Left and Right choose a player of the legend, Space hides or shows their series; the context menu exports the chart as an image.</source>
        <translation>Joueurs : %1. Survolez un point ou une barre pour voir sa valeur. Gauche et Droite choisissent un joueur de la légende, Espace masque ou affiche sa série ; le menu contextuel exporte le graphique en image.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="165"/>
        <source>cannot write %1: the image could not be encoded as PNG</source>
        <translation>impossible d&apos;écrire %1 : l&apos;image n&apos;a pas pu être encodée en PNG</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="318"/>
        <source>Click to hide %1&apos;s series</source>
        <translation>Cliquez pour masquer la série de %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="319"/>
        <source>Click to show %1&apos;s series</source>
        <translation>Cliquez pour afficher la série de %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="345"/>
        <source>Left / Right</source>
        <translation>Gauche / Droite</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="345"/>
        <source>Choose a player of the legend</source>
        <translation>Choisir un joueur de la légende</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="346"/>
        <source>Space or Enter</source>
        <translation>Espace ou Entrée</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="346"/>
        <source>Hide or show the chosen player&apos;s series</source>
        <translation>Masquer ou afficher la série du joueur choisi</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="385"/>
        <source>Export Chart as PNG…</source>
        <translation>Exporter le graphique en PNG…</translation>
    </message>
</context>
<context>
    <name>jw::CampaignWindow</name>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="172"/>
        <source>Create a Campaign Here…</source>
        <translation>Créer une campagne ici…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="174"/>
        <source>New Campaign…</source>
        <translation>Nouvelle campagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="176"/>
        <source>Open Campaign…</source>
        <translation>Ouvrir une campagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="178"/>
        <source>Database Settings…</source>
        <translation>Paramètres de la base de données…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="312"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="324"/>
        <source>Battles</source>
        <translation>Batailles</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="746"/>
        <source>Won</source>
        <translation>Victoires</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="196"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="748"/>
        <source>Drawn</source>
        <translation>Nuls</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="747"/>
        <source>Lost</source>
        <translation>Défaites</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>OP</source>
        <translation>PO</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>VP</source>
        <translation>PV</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="197"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <source>VP against</source>
        <translation>PV contre</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="198"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="264"/>
        <source>TV destroyed</source>
        <translation>VM détruite</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="198"/>
        <source>Repairs (OP)</source>
        <translation>Réparations (PO)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="200"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="206"/>
        <source>Standings</source>
        <translation>Classement</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="218"/>
        <source>Add Player…</source>
        <translation>Ajouter un joueur…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="220"/>
        <source>Roster from Fleet File…</source>
        <translation>Registre depuis un fichier de flotte…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="222"/>
        <source>Rename…</source>
        <translation>Renommer…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="228"/>
        <source>Rename Player</source>
        <translation>Renommer le joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="228"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="359"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1236"/>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="233"/>
        <source>Remove Player</source>
        <translation>Retirer le joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="235"/>
        <source>Remove a player who has played no battle (undoable)</source>
        <translation>Retirer un joueur qui n&apos;a joué aucune bataille (annulable)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="245"/>
        <source>&lt;b&gt;Roster&lt;/b&gt; (units that left it are kept for the history)</source>
        <translation>&lt;b&gt;Registre&lt;/b&gt; (les unités qui l&apos;ont quitté sont conservées pour l&apos;historique)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="247"/>
        <source>Survived</source>
        <translation>Survies</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Kills</source>
        <translation>Éliminations</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Damage carried</source>
        <translation>Dégâts conservés</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Renowned</source>
        <translation>Renommée</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="248"/>
        <source>Captured from</source>
        <translation>Capturée à</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="252"/>
        <source>Repair Selected Unit</source>
        <translation>Réparer l&apos;unité choisie</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="261"/>
        <source>&lt;b&gt;Battles&lt;/b&gt;</source>
        <translation>&lt;b&gt;Batailles&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>Scenario</source>
        <translation>Scénario</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <source>Opponent</source>
        <translation>Adversaire</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="262"/>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="263"/>
        <source>OP against</source>
        <translation>PO contre</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="264"/>
        <source>TV lost</source>
        <translation>VM perdue</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="216"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="274"/>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="250"/>
        <source>Roster</source>
        <translation>Registre</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="266"/>
        <source>The player&apos;s battles</source>
        <translation>Les batailles du joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="281"/>
        <source>Enter Battle…</source>
        <translation>Saisir une bataille…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="283"/>
        <source>Import Game…</source>
        <translation>Importer une partie…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="285"/>
        <source>Import Battle Report…</source>
        <translation>Importer un rapport de bataille…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="287"/>
        <source>Edit Notes…</source>
        <translation>Modifier les notes…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="295"/>
        <source>Battle Notes</source>
        <translation>Notes de bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="296"/>
        <source>Notes:</source>
        <translation>Notes :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>First player</source>
        <translation>Premier joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="309"/>
        <source>Second player</source>
        <translation>Second joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>Winner</source>
        <translation>Vainqueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="310"/>
        <source>Entered</source>
        <translation>Saisie</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="316"/>
        <source>The battle&apos;s details</source>
        <translation>Les détails de la bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="347"/>
        <source>Charts</source>
        <translation>Graphiques</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="352"/>
        <source>Campaign settings</source>
        <translation>Paramètres de la campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="363"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1228"/>
        <source> points</source>
        <translation> points</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="364"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1237"/>
        <source>Points level:</source>
        <translation>Niveau de points :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="368"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1238"/>
        <source>Rules:</source>
        <translation>Règles :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="371"/>
        <source>House rules (ours: the rulebook has no campaign rules; see docs/campaign-rules.md)</source>
        <translation>Règles maison (les nôtres : le livre de règles n&apos;a pas de règles de campagne ; voir docs/campaign-rules.md)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="382"/>
        <source>No repairs</source>
        <translation>Aucune réparation</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="383"/>
        <source>A repair roll a box</source>
        <translation>Un jet de réparation par case</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="384"/>
        <source>Repairs cost Objective Points</source>
        <translation>Les réparations coûtent des Points d&apos;Objectif</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="403"/>
        <source>%1:</source>
        <translation>%1 :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="408"/>
        <source>Repair roll: a box is repaired on</source>
        <translation>Jet de réparation : une case est réparée sur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="409"/>
        <source>Repair cost: Objective Points a box</source>
        <translation>Coût de réparation : Points d&apos;Objectif par case</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="410"/>
        <source>Renowned after surviving (battles)</source>
        <translation>Renommée après avoir survécu à (batailles)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="411"/>
        <source>Campaign points for a win</source>
        <translation>Points de campagne pour une victoire</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="412"/>
        <source>Campaign points for a draw</source>
        <translation>Points de campagne pour un match nul</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="413"/>
        <source>Campaign points for a loss</source>
        <translation>Points de campagne pour une défaite</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="423"/>
        <source>Tie-breakers, in order (drag to reorder; tick to use)</source>
        <translation>Départages, dans l&apos;ordre (glissez pour réordonner ; cochez pour utiliser)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="427"/>
        <source>Tie-breakers</source>
        <translation>Départages</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="435"/>
        <source>Revert</source>
        <translation>Restaurer</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="437"/>
        <source>Apply</source>
        <translation>Appliquer</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="448"/>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="513"/>
        <source>No campaign database given.</source>
        <translation>Aucune base de données de campagne indiquée.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="521"/>
        <source>The campaign database cannot be opened: %1</source>
        <translation>Impossible d&apos;ouvrir la base de données de campagne : %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="535"/>
        <source>%1 already holds the campaign “%2”: a database holds one campaign. Choose another file or database.</source>
        <translation>%1 contient déjà la campagne « %2 » : une base de données contient une seule campagne. Choisissez un autre fichier ou une autre base de données.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="593"/>
        <source>&lt;b&gt;Campaign&lt;/b&gt; · %1</source>
        <translation>&lt;b&gt;Campagne&lt;/b&gt; · %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="594"/>
        <source>&lt;b&gt;Campaign&lt;/b&gt;</source>
        <translation>&lt;b&gt;Campagne&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="596"/>
        <source>%1 holds no campaign yet.</source>
        <translation>%1 ne contient encore aucune campagne.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="597"/>
        <source>No campaign is open. A campaign follows a club&apos;s players, their rosters and battles over weeks, with standings and charts.
It lives in a database: an SQLite file on this computer, or a PostgreSQL database a club shares.</source>
        <translation>Aucune campagne n&apos;est ouverte. Une campagne suit les joueurs d&apos;un club, leurs registres et leurs batailles au fil des semaines, avec classement et graphiques.
Elle est stockée dans une base de données : un fichier SQLite sur cet ordinateur, ou une base PostgreSQL partagée par un club.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="605"/>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 points · %3 · %4 players · %5 battles · &lt;i&gt;%6&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 points · %3 · %4 joueurs · %5 batailles · &lt;i&gt;%6&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="639"/>
        <source>player %1</source>
        <translation>joueur %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="667"/>
        <source>Ranked by campaign points (win %1, draw %2, loss %3), then: %4. OP: Objective Points less repair costs; TV destroyed: the points of enemy units destroyed.</source>
        <translation>Classement par points de campagne (victoire %1, nul %2, défaite %3), puis : %4. PO : Points d&apos;Objectif moins les coûts de réparation ; VM détruite : les points des unités ennemies détruites.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="672"/>
        <source>the name</source>
        <translation>le nom</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="681"/>
        <source>%1 — %2 (%3 units)</source>
        <translation>%1 — %2 (%3 unités)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="722"/>
        <source>Active</source>
        <translation>Active</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="722"/>
        <source>Left the roster</source>
        <translation>A quitté le registre</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="727"/>
        <source>★ Renowned</source>
        <translation>★ Renommée</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="781"/>
        <source>Draw</source>
        <translation>Match nul</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="783"/>
        <source>from a game</source>
        <translation>depuis une partie</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="784"/>
        <source>from a report</source>
        <translation>depuis un rapport</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="785"/>
        <source>by hand</source>
        <translation>à la main</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="816"/>
        <source>&lt;p&gt;&lt;i&gt;No battle yet: enter one by hand, or import a finished game or a battle report.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Aucune bataille pour l&apos;instant : saisissez-en une à la main, ou importez une partie terminée ou un rapport de bataille.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="828"/>
        <source>A draw.</source>
        <translation>Match nul.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="829"/>
        <source>&lt;b&gt;%1&lt;/b&gt; won.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; a gagné.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="836"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;Victory Points %3 · Objective Points %4 · TV destroyed %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;Points de Victoire %3 · Points d&apos;Objectif %4 · VM détruite %5</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="847"/>
        <source>Attack dice: %1 successes in %2 rolls, %3 expected</source>
        <translation>Dés d&apos;attaque : %1 succès en %2 jets, %3 attendus</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="853"/>
        <source>&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;Unit&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Fate&lt;/th&gt;&lt;th&gt;TV&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Boxes marked&lt;/th&gt;&lt;th&gt;Kills&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;Unité&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Sort&lt;/th&gt;&lt;th&gt;VM&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;Cases cochées&lt;/th&gt;&lt;th&gt;Éliminations&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="869"/>
        <source>&lt;p&gt;&lt;i&gt;No dice recorded (only a battle imported from a game records its rolls): the luck chart does not count this battle.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Aucun dé enregistré (seule une bataille importée d&apos;une partie enregistre ses jets) : le graphique de chance ne compte pas cette bataille.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="872"/>
        <source>&lt;p&gt;&lt;b&gt;Notes:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Notes :&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="956"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1254"/>
        <source>The campaign needs a name.</source>
        <translation>La campagne doit avoir un nom.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="968"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1103"/>
        <source>No campaign is open.</source>
        <translation>Aucune campagne n&apos;est ouverte.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="979"/>
        <source>Nothing was overwritten; the campaign was reloaded.</source>
        <translation>Rien n&apos;a été écrasé ; la campagne a été rechargée.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="997"/>
        <source>A player needs a name.</source>
        <translation>Un joueur doit avoir un nom.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1007"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1033"/>
        <source>Choose a player first.</source>
        <translation>Choisissez d&apos;abord un joueur.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1015"/>
        <source>Set the roster of %1</source>
        <translation>Définir le registre de %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1026"/>
        <source>Rename %1 to %2</source>
        <translation>Renommer %1 en %2</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1046"/>
        <source>Change the campaign settings</source>
        <translation>Modifier les paramètres de la campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1066"/>
        <source>Battle added. %1</source>
        <translation>Bataille ajoutée. %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1068"/>
        <source>Battle added: %1</source>
        <translation>Bataille ajoutée : %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1070"/>
        <source>Battle added.</source>
        <translation>Bataille ajoutée.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1080"/>
        <source>The game cannot be imported:
%1</source>
        <translation>Impossible d&apos;importer la partie :
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1089"/>
        <source>No campaign is open: open or create one, then add the game.</source>
        <translation>Aucune campagne n&apos;est ouverte : ouvrez-en ou créez-en une, puis ajoutez la partie.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1092"/>
        <source>the game on the table</source>
        <translation>la partie sur la table</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1094"/>
        <source>The game cannot be added:
%1</source>
        <translation>Impossible d&apos;ajouter la partie :
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1118"/>
        <source>The battle report cannot be read:
%1</source>
        <translation>Impossible de lire le rapport de bataille :
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1150"/>
        <source>The campaign cannot be exported: %1</source>
        <translation>Impossible d&apos;exporter la campagne : %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1160"/>
        <source>Open or create the database to import into first.</source>
        <translation>Ouvrez ou créez d&apos;abord la base de données dans laquelle importer.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1165"/>
        <source>The campaign file cannot be read:
%1</source>
        <translation>Impossible de lire le fichier de campagne :
%1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1183"/>
        <source>&amp;Campaign</source>
        <translation>&amp;Campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1184"/>
        <source>&amp;New Campaign…</source>
        <translation>&amp;Nouvelle campagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1185"/>
        <source>&amp;Open Campaign File…</source>
        <translation>&amp;Ouvrir un fichier de campagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1186"/>
        <source>&amp;Database Settings…</source>
        <translation>Paramètres de la &amp;base de données…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1188"/>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1189"/>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1194"/>
        <source>Add &amp;Player…</source>
        <translation>Ajouter un &amp;joueur…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1195"/>
        <source>Player Ro&amp;ster from Fleet File…</source>
        <translation>Re&amp;gistre du joueur depuis un fichier de flotte…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1199"/>
        <source>Import &amp;Battle Report…</source>
        <translation>Importer un ra&amp;pport de bataille…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1197"/>
        <source>&amp;Enter Battle…</source>
        <translation>&amp;Saisir une bataille…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1198"/>
        <source>Import &amp;Game…</source>
        <translation>&amp;Importer une partie…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1203"/>
        <source>E&amp;xport Campaign…</source>
        <translation>E&amp;xporter la campagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1204"/>
        <source>&amp;Import Campaign…</source>
        <translation>Importer une ca&amp;mpagne…</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1205"/>
        <source>Export C&amp;hart as PNG</source>
        <translation>Exporter le graphi&amp;que en PNG</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1212"/>
        <source>&amp;Close Campaign</source>
        <translation>&amp;Fermer la campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1221"/>
        <source>New Campaign</source>
        <translation>Nouvelle campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1239"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1279"/>
        <source>Database:</source>
        <translation>Base de données :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1240"/>
        <source>An SQLite file, or postgresql://user:password@host/database for a campaign a club shares. One campaign a database.</source>
        <translation>Un fichier SQLite, ou postgresql://user:password@host/database pour une campagne partagée par un club. Une campagne par base de données.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1264"/>
        <source>Open Campaign</source>
        <translation>Ouvrir une campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1265"/>
        <source>Campaign databases (*.sqlite *.db);;All files (*)</source>
        <translation>Bases de données de campagne (*.sqlite *.db);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1275"/>
        <source>Campaign Database</source>
        <translation>Base de données de campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1281"/>
        <source>An SQLite file on this computer (nothing to set up), or a PostgreSQL database a club shares: postgresql://user:password@host:port/database</source>
        <translation>Un fichier SQLite sur cet ordinateur (rien à configurer), ou une base PostgreSQL partagée par un club : postgresql://user:password@host:port/database</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1287"/>
        <source>Test Connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1313"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1329"/>
        <source>Add Player</source>
        <translation>Ajouter un joueur</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1329"/>
        <source>Player&apos;s name:</source>
        <translation>Nom du joueur :</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1334"/>
        <source>%1&apos;s Roster (a fleet file; cancel for an empty roster)</source>
        <translation>Registre de %1 (un fichier de flotte ; annulez pour un registre vide)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1335"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1359"/>
        <source>Fleet files (*.jwfleet);;All files (*)</source>
        <translation>Fichiers de flotte (*.jwfleet);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1354"/>
        <source>Choose a player on the Players page first.</source>
        <translation>Choisissez d&apos;abord un joueur sur la page Joueurs.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1358"/>
        <source>%1&apos;s Roster</source>
        <translation>Registre de %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1375"/>
        <source>A battle needs two players: add them on the Players page.</source>
        <translation>Une bataille nécessite deux joueurs : ajoutez-les sur la page Joueurs.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1385"/>
        <source>Import a Finished Game</source>
        <translation>Importer une partie terminée</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1386"/>
        <source>Saved games (*.jwgame);;All files (*)</source>
        <translation>Parties enregistrées (*.jwgame);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1395"/>
        <source>Import a Battle Report</source>
        <translation>Importer un rapport de bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1396"/>
        <source>Battle reports (*.yaml *.yml);;All files (*)</source>
        <translation>Rapports de bataille (*.yaml *.yml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1406"/>
        <source>Export Campaign</source>
        <translation>Exporter la campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1408"/>
        <source>YAML (*.yaml);;JSON (*.json)</source>
        <translation>YAML (*.yaml);;JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1411"/>
        <source>Exported to %1</source>
        <translation>Exporté vers %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1419"/>
        <source>The chart was not exported: %1</source>
        <translation>Le graphique n&apos;a pas été exporté : %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1432"/>
        <source>Export Chart as PNG</source>
        <translation>Exporter le graphique en PNG</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1432"/>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1435"/>
        <source>Chart exported to %1</source>
        <translation>Graphique exporté vers %1</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1442"/>
        <source>Open or create the database to import into first (Database Settings…).</source>
        <translation>Ouvrez ou créez d&apos;abord la base de données dans laquelle importer (Paramètres de la base de données…).</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1445"/>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1451"/>
        <source>Import Campaign</source>
        <translation>Importer une campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1446"/>
        <source>Campaign files (*.yaml *.yml *.json)</source>
        <translation>Fichiers de campagne (*.yaml *.yml *.json)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaignwindow.cpp" line="1452"/>
        <source>Importing replaces the campaign “%1” in %2 with the file&apos;s. This cannot be undone: export it first to keep a copy. Replace it?</source>
        <translation>L&apos;importation remplace la campagne « %1 » de %2 par celle du fichier. Cette opération est irréversible : exportez-la d&apos;abord pour en garder une copie. La remplacer ?</translation>
    </message>
</context>
<context>
    <name>jw::CardView</name>
    <message>
        <location filename="../ui/print/cardview.cpp" line="15"/>
        <location filename="../ui/print/cardview.cpp" line="26"/>
        <source>Unit card</source>
        <translation>Carte d&apos;unité</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="26"/>
        <source>Unit card: %1</source>
        <translation>Carte d&apos;unité : %1</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="31"/>
        <source>Click to turn the card over</source>
        <translation>Cliquez pour retourner la carte</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="89"/>
        <source>Select a unit to see its card.</source>
        <translation>Choisissez une unité pour voir sa carte.</translation>
    </message>
    <message>
        <location filename="../ui/print/cardview.cpp" line="100"/>
        <source>side %1 of %2 – click to turn</source>
        <translation>face %1 sur %2 – cliquez pour retourner</translation>
    </message>
</context>
<context>
    <name>jw::CardViewer</name>
    <message>
        <location filename="../ui/table/cardviewer.cpp" line="17"/>
        <location filename="../ui/table/cardviewer.cpp" line="47"/>
        <source>Unit Card</source>
        <translation>Carte d&apos;unité</translation>
    </message>
    <message>
        <location filename="../ui/table/cardviewer.cpp" line="47"/>
        <source>Unit Card – %1</source>
        <translation>Carte d&apos;unité – %1</translation>
    </message>
</context>
<context>
    <name>jw::ChatPanel</name>
    <message>
        <location filename="../ui/table/chatpanel.cpp" line="18"/>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <location filename="../ui/table/chatpanel.cpp" line="28"/>
        <source>Message to the other player…</source>
        <translation>Message à l&apos;autre joueur…</translation>
    </message>
</context>
<context>
    <name>jw::ClubCreateDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="149"/>
        <source>Create Club Game</source>
        <translation>Créer une partie au club</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="152"/>
        <source>Whoever joins the game on the club server.</source>
        <translation>Celui qui rejoint la partie sur le serveur du club.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="153"/>
        <source>Create Game</source>
        <translation>Créer la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="159"/>
        <source>Choose your fleet.</source>
        <translation>Choisissez votre flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="163"/>
        <source>Player 2</source>
        <translation>Joueur 2</translation>
    </message>
</context>
<context>
    <name>jw::ClubJoinDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="172"/>
        <source>Join Club Game %1</source>
        <translation>Rejoindre la partie %1 du club</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="181"/>
        <source>Chosen by %1, with the scenario (%2) and the rules (%3).</source>
        <translation>Choisie par %1, avec le scénario (%2) et les règles (%3).</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="183"/>
        <source>Join Game</source>
        <translation>Rejoindre la partie</translation>
    </message>
</context>
<context>
    <name>jw::ClubLobbyDialog</name>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="53"/>
        <source>Club Server</source>
        <translation>Serveur du club</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="61"/>
        <source>e.g. club.example.org or 192.168.1.20</source>
        <translation>p. ex. club.example.org ou 192.168.1.20</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="64"/>
        <source>Port:</source>
        <translation>Port :</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="73"/>
        <source>C&amp;onnect</source>
        <translation>Se c&amp;onnecter</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="76"/>
        <source>Server:</source>
        <translation>Serveur :</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="82"/>
        <source>Your name at the club</source>
        <translation>Votre nom au club</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="83"/>
        <source>Your name:</source>
        <translation>Votre nom :</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="108"/>
        <source>Type the club server&apos;s address and connect.</source>
        <translation>Saisissez l&apos;adresse du serveur du club et connectez-vous.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Scenario</source>
        <translation>Scénario</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="132"/>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="142"/>
        <source>&amp;Create Game…</source>
        <translation>&amp;Créer une partie…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="144"/>
        <source>Offer a game on the server: your fleet, the scenario and the rules; the first player who joins plays it with you.</source>
        <translation>Proposer une partie sur le serveur : votre flotte, le scénario et les règles ; le premier joueur qui la rejoint la joue avec vous.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="146"/>
        <source>&amp;Join Game…</source>
        <translation>&amp;Rejoindre la partie…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="148"/>
        <source>Play the selected open game: choose your fleet.</source>
        <translation>Jouer la partie ouverte choisie : choisissez votre flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="153"/>
        <source>Game under way:</source>
        <translation>Partie en cours :</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="159"/>
        <source>Number of the game to watch</source>
        <translation>Numéro de la partie à regarder</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="162"/>
        <source>&amp;Watch</source>
        <translation>Re&amp;garder</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="259"/>
        <source>Type the address of the club server.</source>
        <translation>Saisissez l&apos;adresse du serveur du club.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="264"/>
        <source>Connecting to %1, port %2…</source>
        <translation>Connexion à %1, port %2…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="467"/>
        <source>Connected to %1: no open game. Create one, or wait for one.</source>
        <translation>Connecté à %1 : aucune partie ouverte. Créez-en une, ou attendez-en une.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="468"/>
        <source>Connected to %1: one open game.</source>
        <translation>Connecté à %1 : une partie ouverte.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="469"/>
        <source>Connected to %1: %2 open games.</source>
        <translation>Connecté à %1 : %2 parties ouvertes.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="482"/>
        <source>(Asked at %1; asked again every few seconds.)</source>
        <translation>(Demandé à %1 ; redemandé toutes les quelques secondes.)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="530"/>
        <source>The server does not list this game any more: it may have ended.</source>
        <translation>Le serveur ne liste plus cette partie : elle est peut-être terminée.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="533"/>
        <source>It is paused after command %1, waiting for its players.</source>
        <translation>Elle est en pause après la commande %1, en attente de ses joueurs.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="557"/>
        <source>Not connected: %1</source>
        <translation>Non connecté : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="570"/>
        <source>Type your name first.</source>
        <translation>Saisissez d&apos;abord votre nom.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="94"/>
        <source>&amp;Take Your Seat Again</source>
        <translation>Re&amp;prendre votre place</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="96"/>
        <source>Go back to your club game where both players last agreed, with the game this computer saved.</source>
        <translation>Revenir à votre partie du club là où les deux joueurs se sont accordés pour la dernière fois, avec la partie que cet ordinateur a enregistrée.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="115"/>
        <source>Connect &amp;Now</source>
        <translation>Se connecter &amp;maintenant</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="117"/>
        <source>Try to reach the club server at once.</source>
        <translation>Essayer de joindre le serveur du club tout de suite.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="118"/>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="120"/>
        <source>Stop trying to reach the club server (Connect tries again).</source>
        <translation>Cesser d’essayer de joindre le serveur du club (Se connecter essaie à nouveau).</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="131"/>
        <source>Fleets</source>
        <translation>Flottes</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="132"/>
        <source>Turn</source>
        <translation>Tour</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="132"/>
        <source>Spectators</source>
        <translation>Spectateurs</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="133"/>
        <source>The club&apos;s games</source>
        <translation>Les parties du club</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="137"/>
        <source>How many watch the game</source>
        <translation>Combien regardent la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="164"/>
        <source>Follow a game under way as a spectator: its table and its public events, as late as the server holds them back. Select the game in the list, or type its number.</source>
        <translation>Suivre une partie en cours en spectateur : sa table et ses événements publics, avec le retard que le serveur impose. Sélectionnez la partie dans la liste ou saisissez son numéro.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="317"/>
        <source>Connection to %1 lost (%2); trying again in %3 s…</source>
        <translation>Connexion à %1 perdue (%2) ; nouvel essai dans %3 s…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="320"/>
        <source>Connection to %1 lost (%2); trying again now…</source>
        <translation>Connexion à %1 perdue (%2) ; nouvel essai maintenant…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="425"/>
        <source>Paused</source>
        <translation>En pause</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="426"/>
        <source>A player dropped (or the server restarted) after command %1: the game waits for both players to take their seats again.</source>
        <translation>Un joueur a été déconnecté (ou le serveur a redémarré) après la commande %1 : la partie attend que les deux joueurs reprennent leur place.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="431"/>
        <source>Under way</source>
        <translation>En cours</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="432"/>
        <source>Being played (commands agreed so far: %1): Watch it.</source>
        <translation>En cours de jeu (commandes convenues jusqu&apos;ici : %1) : regardez-la.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="435"/>
        <source>Open: 1 of 2 seats</source>
        <translation>Ouverte : 1 place sur 2</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="436"/>
        <source>Waiting for a second player: Join it.</source>
        <translation>Attend un second joueur : rejoignez-la.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="441"/>
        <source>%1 vs %2</source>
        <comment>the two players of a game</comment>
        <translation>%1 contre %2</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="444"/>
        <source>%1 points</source>
        <translation>%1 points</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="445"/>
        <source>%1 (%2 points)</source>
        <translation>%1 (%2 points)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="471"/>
        <source>One game under way or paused.</source>
        <translation>Une partie en cours ou en pause.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="473"/>
        <source>%1 games under way or paused.</source>
        <translation>%1 parties en cours ou en pause.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="476"/>
        <source>This server lists only its open games: ask the players for the number of a game to watch.</source>
        <translation>Ce serveur ne liste que ses parties ouvertes : demandez aux joueurs le numéro d&apos;une partie à regarder.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="481"/>
        <source>(Updated at %1; the server announces every change.)</source>
        <translation>(Mis à jour à %1 ; le serveur annonce chaque changement.)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="519"/>
        <source>You have a seat in game %1 on the club server %2, port %3 (with %4).</source>
        <translation>Vous avez une place dans la partie %1 sur le serveur du club %2, port %3 (avec %4).</translation>
    </message>
</context>
<context>
    <name>jw::ClubWatchWindow</name>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="646"/>
        <source>Watching Club Game %1</source>
        <translation>Spectateur de la partie %1 du club</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="668"/>
        <source>The game&apos;s table (watching: read-only)</source>
        <translation>La table de la partie (spectateur : lecture seule)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="675"/>
        <source>The game&apos;s public events</source>
        <translation>Les événements publics de la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="698"/>
        <source>Watching game %1 on %2, port %3 (read-only): its table and public events, as the server sends them (it may hold back the last few commands).</source>
        <translation>Partie %1 sur %2, port %3 (lecture seule) : sa table et ses événements publics, tels que le serveur les envoie (il peut retenir les dernières commandes).</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="711"/>
        <source>Start</source>
        <translation>Début</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="711"/>
        <source>Command %1</source>
        <translation>Commande %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="719"/>
        <source>This club server sends no table to spectators: its events only.</source>
        <translation>Ce serveur de club n&apos;envoie pas la table aux spectateurs : seulement ses événements.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="725"/>
        <source>The game ended.</source>
        <translation>La partie est terminée.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="726"/>
        <source>The game ended: %1.</source>
        <translation>La partie est terminée : %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="731"/>
        <source>Not watching: %1</source>
        <translation>Impossible de regarder : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="736"/>
        <source>Watching game %1 on %2, port %3: waiting for its first events…</source>
        <translation>Partie %1 sur %2, port %3 : en attente de ses premiers événements…</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="752"/>
        <source>The server&apos;s table cannot be shown: %1</source>
        <translation>La table du serveur ne peut pas être affichée : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="763"/>
        <source>Watching %1 vs %2 (read-only)</source>
        <comment>the two players</comment>
        <translation>Spectateur : %1 contre %2 (lecture seule)</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="768"/>
        <source>the game is over: a draw</source>
        <translation>la partie est terminée : match nul</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="769"/>
        <source>the game is over: %1 wins</source>
        <translation>la partie est terminée : victoire de %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="771"/>
        <source>turn %1 of %2, %3; %4 to act</source>
        <translation>tour %1 sur %2, %3 ; à %4 de jouer</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="777"/>
        <source>after the start</source>
        <translation>après le début</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="777"/>
        <source>after command %1</source>
        <translation>après la commande %1</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="780"/>
        <source>models not yet seen (secret): %1 of %2, %3 of %4</source>
        <translation>figurines pas encore vues (secrètes) : %1 de %2, %3 de %4</translation>
    </message>
    <message>
        <location filename="../ui/table/clublobby.cpp" line="786"/>
        <source>Watching Club Game %1: %2 vs %3</source>
        <translation>Spectateur de la partie %1 du club : %2 contre %3</translation>
    </message>
</context>
<context>
    <name>jw::CollapsibleSection</name>
    <message>
        <location filename="../ui/layoututil.cpp" line="209"/>
        <source>Show this section</source>
        <translation>Afficher cette section</translation>
    </message>
    <message>
        <location filename="../ui/layoututil.cpp" line="209"/>
        <source>Hide this section</source>
        <translation>Masquer cette section</translation>
    </message>
</context>
<context>
    <name>jw::CompanionCard</name>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="126"/>
        <source>States</source>
        <translation>États</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="127"/>
        <source>Set or clear a state of this model (a correction)</source>
        <translation>Activer ou retirer un état de cette figurine (une correction)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="135"/>
        <source>Activated this turn</source>
        <translation>Activée ce tour</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="197"/>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 sur %3)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="209"/>
        <source>In Reserve</source>
        <translation>En Réserve</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="212"/>
        <source>Embarked on %1</source>
        <translation>Embarquée sur %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="217"/>
        <source>Destroyed</source>
        <translation>Détruite</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="220"/>
        <source>Withdrawn</source>
        <translation>Retirée</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="225"/>
        <source>Activating</source>
        <translation>En cours d&apos;activation</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="227"/>
        <source>Activated</source>
        <translation>Activée</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="229"/>
        <source>Not activated yet</source>
        <translation>Pas encore activée</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="232"/>
        <source>Fire Control: %1 of %2 used</source>
        <translation>Conduite de Tir : %1 sur %2 utilisée(s)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="234"/>
        <source>Fuel: %1 of %2</source>
        <translation>Carburant : %1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="238"/>
        <source>Enemy Marines aboard: %1</source>
        <translation>Marines ennemis à bord : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="240"/>
        <source>Escape Pods: %1</source>
        <translation>Capsules de sauvetage : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="242"/>
        <source>Water: %1</source>
        <translation>Eau : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="244"/>
        <source>Intelligence Tokens: %1</source>
        <translation>Pions de Renseignement : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="246"/>
        <source>Catastrophic Damage pending</source>
        <translation>Dégâts Catastrophiques en attente</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="249"/>
        <source>In the question</source>
        <translation>Visée par la question</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="369"/>
        <source>%1, box %2 of %3 (%4)</source>
        <translation>%1, case %2 sur %3 (%4)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="370"/>
        <source>%1, box %2 of %3</source>
        <translation>%1, case %2 sur %3</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="371"/>
        <source>%1: %2; %3 of %4 marked</source>
        <translation>%1 : %2 ; %3 sur %4 cochées</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="372"/>
        <source>marked</source>
        <translation>cochée</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="372"/>
        <source>not marked</source>
        <translation>non cochée</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="438"/>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="438"/>
        <source>Go to the next card</source>
        <translation>Passer à la carte suivante</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="439"/>
        <source>Space</source>
        <translation>Espace</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="439"/>
        <source>Select the card&apos;s model</source>
        <translation>Sélectionner la figurine de la carte</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="440"/>
        <source>Arrow keys</source>
        <translation>Flèches</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="441"/>
        <source>Physical table: go to a damage box (Left/Right along a track, Up/Down to the next track, weapon line or trait)</source>
        <translation>Vraie table : aller à une case de dégâts (Gauche/Droite le long d&apos;une piste, Haut/Bas vers la piste, la ligne d&apos;arme ou le trait suivant)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="443"/>
        <source>Home / End</source>
        <translation>Début / Fin</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="443"/>
        <source>On a damage box: the first / last box of its track</source>
        <translation>Sur une case de dégâts : la première / dernière case de sa piste</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="444"/>
        <source>Space / Enter</source>
        <translation>Espace / Entrée</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="444"/>
        <source>On a damage box: mark or clear it, as a click does</source>
        <translation>Sur une case de dégâts : la cocher ou l&apos;effacer, comme un clic</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="445"/>
        <source>+ / -</source>
        <translation>+ / -</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="445"/>
        <source>On a damage box: mark one more or one fewer box of its track</source>
        <translation>Sur une case de dégâts : cocher une case de plus ou de moins sur sa piste</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="446"/>
        <source>Esc</source>
        <translation>Échap</translation>
    </message>
    <message>
        <location filename="../ui/companion/companioncard.cpp" line="446"/>
        <source>Leave the damage boxes</source>
        <translation>Quitter les cases de dégâts</translation>
    </message>
</context>
<context>
    <name>jw::CompanionScreen</name>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="72"/>
        <source>Companion</source>
        <translation>Compagnon</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="85"/>
        <source>Track a game played on a physical table</source>
        <translation>Suivre une partie jouée sur une vraie table</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="86"/>
        <source>Play with your miniatures and dice; keep this screen beside the table. It shows both fleets&apos; cards with their damage, whose turn it is and the score, offers only what the rules allow now, and asks you what only the table shows (range, arc, who is within 3&quot;). Type in the dice you roll, or let the app roll them. Every step is saved as you go and can be undone.</source>
        <translation>Jouez avec vos figurines et vos dés ; gardez cet écran à côté de la table. Il montre les cartes des deux flottes avec leurs dégâts, à qui c&apos;est le tour et le score, ne propose que ce que les règles permettent à ce moment, et vous demande ce que seule la table montre (portée, arc, qui est à 3&quot; ou moins). Saisissez les dés que vous lancez, ou laissez l&apos;application les lancer. Chaque étape est enregistrée au fur et à mesure et peut être annulée.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="92"/>
        <source>Track a Game…</source>
        <translation>Suivre une partie…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="95"/>
        <source>Open Tracked Game…</source>
        <translation>Ouvrir une partie suivie…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="107"/>
        <source>Resume It</source>
        <translation>La reprendre</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="110"/>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="134"/>
        <source>Correct the Score</source>
        <translation>Corriger le score</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="136"/>
        <source>Change a player&apos;s Objective Points by hand (a correction)</source>
        <translation>Modifier à la main les Points d&apos;Objectif d&apos;un joueur (une correction)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="150"/>
        <source>Both fleets&apos; cards</source>
        <translation>Les cartes des deux flottes</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="169"/>
        <source>What to do now</source>
        <translation>Que faire maintenant</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="197"/>
        <source>Game log</source>
        <translation>Journal de partie</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="210"/>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="212"/>
        <source>Take back the last step (Ctrl+Z)</source>
        <translation>Revenir sur la dernière étape (Ctrl+Z)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="215"/>
        <source>Redo</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="217"/>
        <source>Do again the step just undone (Ctrl+Shift+Z)</source>
        <translation>Refaire l&apos;étape qui vient d&apos;être annulée (Ctrl+Shift+Z)</translation>
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
        <translation>Échec de l&apos;enregistrement automatique : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="310"/>
        <source>Track a Game on a &amp;Physical Table…</source>
        <translation>Suivre une partie sur une &amp;vraie table…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="315"/>
        <source>Keep the cards, the dice and the score of a game played with miniatures</source>
        <translation>Tenir les cartes, les dés et le score d&apos;une partie jouée avec des figurines</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="317"/>
        <source>Open Trac&amp;ked Game…</source>
        <translation>Ouvrir une partie su&amp;ivie…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="322"/>
        <location filename="../ui/companion/companionscreen.cpp" line="496"/>
        <location filename="../ui/companion/companionscreen.cpp" line="508"/>
        <location filename="../ui/companion/companionscreen.cpp" line="515"/>
        <source>Save Tracked Game</source>
        <translation>Enregistrer la partie suivie</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="323"/>
        <source>Save Tracked Game As…</source>
        <translation>Enregistrer la partie suivie sous…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="324"/>
        <source>Close Tracked Game</source>
        <translation>Fermer la partie suivie</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="325"/>
        <source>Export Tracked Game&apos;s Log…</source>
        <translation>Exporter le journal de la partie suivie…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="328"/>
        <location filename="../ui/companion/companionscreen.cpp" line="333"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1159"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1164"/>
        <source>Export the Game&apos;s Log</source>
        <translation>Exporter le journal de la partie</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="329"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1160"/>
        <source>Markdown (*.md);;Text (*.txt);;JSON (*.json)</source>
        <translation>Markdown (*.md);;Texte (*.txt);;JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="335"/>
        <location filename="../ui/companion/companionscreen.cpp" line="1166"/>
        <source>Luck Report…</source>
        <translation>Rapport de chance…</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="340"/>
        <source>Add Tracked Battle to the Campaign</source>
        <translation>Ajouter la bataille suivie à la campagne</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="346"/>
        <source>Add the finished tracked game to the open campaign, with every unit&apos;s outcome</source>
        <translation>Ajouter la partie suivie terminée à la campagne ouverte, avec le sort de chaque unité</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="369"/>
        <source>The battle is in the campaign.</source>
        <translation>La bataille est dans la campagne.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="386"/>
        <source>No game is tracked.</source>
        <translation>Aucune partie n&apos;est suivie.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="464"/>
        <location filename="../ui/companion/companionscreen.cpp" line="469"/>
        <source>Open Tracked Game</source>
        <translation>Ouvrir une partie suivie</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="465"/>
        <location filename="../ui/companion/companionscreen.cpp" line="509"/>
        <source>Games (*.%1)</source>
        <translation>Parties (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="479"/>
        <source>%1 is a game of the digital table: open it with Game › Open Game….</source>
        <translation>%1 est une partie de la table numérique : ouvrez-la avec Partie › Ouvrir une partie….</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="485"/>
        <source>Opened %1</source>
        <translation>%1 ouvert</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="499"/>
        <location filename="../ui/companion/companionscreen.cpp" line="518"/>
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="533"/>
        <source>The tracked game cannot be resumed: %1</source>
        <translation>Impossible de reprendre la partie suivie : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="605"/>
        <source>%1: Objective Points +1 (to %2)</source>
        <translation>%1 : Points d&apos;Objectif +1 (soit %2)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="606"/>
        <source>%1: Objective Points −1 (to %2)</source>
        <translation>%1 : Points d&apos;Objectif −1 (soit %2)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="722"/>
        <source>%1&apos;s fleet · Victory Points: %2</source>
        <translation>Flotte de %1 · Points de Victoire : %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="762"/>
        <source>Player %1</source>
        <translation>Joueur %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="764"/>
        <source>%1 against %2, %3, turn %4</source>
        <translation>%1 contre %2, %3, tour %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="769"/>
        <source>A tracked game was saved automatically, but it cannot be read any more.</source>
        <translation>Une partie suivie a été enregistrée automatiquement, mais elle ne peut plus être lue.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="771"/>
        <source>A tracked game was saved automatically: %1.</source>
        <translation>Une partie suivie a été enregistrée automatiquement : %1.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="781"/>
        <source>Turn %1 of %2</source>
        <translation>Tour %1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="784"/>
        <source>Initiative: %1</source>
        <translation>Initiative : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="788"/>
        <source>Victory Points: %1 %2, %3 %4</source>
        <translation>Points de Victoire : %1 %2, %3 %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="795"/>
        <source>Objective Points: %1 %2, %3 %4</source>
        <translation>Points d&apos;Objectif : %1 %2, %3 %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="805"/>
        <source>The game is over: a draw.</source>
        <translation>La partie est terminée : match nul.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="806"/>
        <source>The game is over: %1 wins.</source>
        <translation>La partie est terminée : %1 gagne.</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="808"/>
        <source>%1 decides:</source>
        <translation>%1 décide :</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="811"/>
        <source>%1&apos;s activation: %2 (%3)</source>
        <translation>Activation de %1 : %2 (%3)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="814"/>
        <source>%1 to act</source>
        <translation>À %1 de jouer</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="829"/>
        <source>Deploy %1</source>
        <translation>Déployer %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="831"/>
        <source>Deploy %1 Embarked on %2</source>
        <translation>Déployer %1 Embarquée sur %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="833"/>
        <source>Decline to deploy for now</source>
        <translation>Renoncer à déployer pour l&apos;instant</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="835"/>
        <source>No Action</source>
        <translation>Aucune Action</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="843"/>
        <source>Attack %1 with %2</source>
        <translation>Attaquer %1 avec %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="848"/>
        <source>Resolve %1 against %2</source>
        <translation>Résoudre %1 contre %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="849"/>
        <source>Resolve %1</source>
        <translation>Résoudre %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="851"/>
        <source>Launch %1</source>
        <translation>Lancer %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="853"/>
        <source>Land %1 on %2</source>
        <translation>Faire apponter %1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="856"/>
        <source>End %1&apos;s Activation</source>
        <translation>Terminer l&apos;Activation de %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="857"/>
        <source>End the Activation</source>
        <translation>Terminer l&apos;Activation</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="864"/>
        <source>%1&quot; ahead</source>
        <translation>%1&quot; tout droit</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="866"/>
        <source>turn %1° to starboard</source>
        <translation>virage de %1° à tribord</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="868"/>
        <source>turn %1° to port</source>
        <translation>virage de %1° à bâbord</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="871"/>
        <location filename="../ui/companion/companionscreen.cpp" line="874"/>
        <source>Move %1</source>
        <translation>Déplacer %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="872"/>
        <source>Move %1: %2</source>
        <translation>Déplacer %1 : %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="875"/>
        <source>Place a Beacon marker</source>
        <translation>Placer un marqueur Balise (Beacon)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="876"/>
        <source>Set up the scenario</source>
        <translation>Mettre en place le scénario</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="877"/>
        <source>Place the Comet</source>
        <translation>Placer la Comète</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="890"/>
        <source>Rule: %1</source>
        <translation>Règle : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="917"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="979"/>
        <source>Inches moved for “%1”</source>
        <translation>Pouces parcourus pour « %1 »</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="988"/>
        <source>The suggested answer</source>
        <translation>La réponse suggérée</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1005"/>
        <source>Water for %1 · %2 of %3 left:</source>
        <translation>Eau pour %1 · %2 sur %3 restantes :</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1012"/>
        <source>Water units %1 carries</source>
        <translation>Unités d&apos;eau transportées par %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1037"/>
        <source>Which model activates?</source>
        <translation>Quelle figurine s&apos;active ?</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1045"/>
        <source>%1 activates, declaring:</source>
        <translation>%1 s&apos;active et déclare :</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1061"/>
        <source>Attack (spends 1 Fire Control):</source>
        <translation>Attaque (dépense 1 Conduite de Tir) :</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1086"/>
        <source>Movement: %1 moved so far, at most %2 more</source>
        <translation>Déplacement : %1 parcourus jusqu&apos;ici, au plus %2 de plus</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/companion/companionscreen.cpp" line="1089"/>
        <source>, %n turn(s) left</source>
        <translation>
            <numerusform>, %n virage restant</numerusform>
            <numerusform>, %n virages restants</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1092"/>
        <source>Inches moved</source>
        <translation>Pouces parcourus</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1098"/>
        <source>Turns made</source>
        <translation>Virages effectués</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1100"/>
        <source> turn(s)</source>
        <translation> virage(s)</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1105"/>
        <source>Enter the Move</source>
        <translation>Saisir le déplacement</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1119"/>
        <source>Tell the engine how far the model moved on the table</source>
        <translation>Indiquer au moteur de règles la distance parcourue par la figurine sur la table</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1147"/>
        <source>After the game:</source>
        <translation>Après la partie :</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1149"/>
        <source>The Battle Is in the Campaign</source>
        <translation>La bataille est dans la campagne</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1150"/>
        <source>Add the Battle to the Campaign</source>
        <translation>Ajouter la bataille à la campagne</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1154"/>
        <source>Every unit&apos;s fate, the Victory Points and the Objective Points go into the open campaign as a battle</source>
        <translation>Le sort de chaque unité, les Points de Victoire et les Points d&apos;Objectif entrent dans la campagne ouverte sous forme de bataille</translation>
    </message>
    <message>
        <location filename="../ui/companion/companionscreen.cpp" line="1157"/>
        <source>Export the Log…</source>
        <translation>Exporter le journal…</translation>
    </message>
</context>
<context>
    <name>jw::ComputerOpponent</name>
    <message>
        <location filename="../ui/table/computeropponent.cpp" line="165"/>
        <source>The computer sees nothing to do.</source>
        <translation>L&apos;ordinateur ne voit rien à faire.</translation>
    </message>
    <message>
        <location filename="../ui/table/computeropponent.cpp" line="179"/>
        <source>The computer found no command the rules accept.</source>
        <translation>L&apos;ordinateur n&apos;a trouvé aucune commande acceptée par les règles.</translation>
    </message>
    <message>
        <location filename="../ui/table/computeropponent.cpp" line="194"/>
        <source>The computer&apos;s last 20 choices were all refused.</source>
        <translation>Les 20 derniers choix de l&apos;ordinateur ont tous été refusés.</translation>
    </message>
</context>
<context>
    <name>jw::Data</name>
    <message>
        <location filename="../core/units/dataissue.cpp" line="16"/>
        <location filename="../core/units/dataissue.cpp" line="40"/>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <location filename="../core/units/dataissue.cpp" line="17"/>
        <location filename="../core/units/dataissue.cpp" line="41"/>
        <source>warning</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="45"/>
        <source>%1 must be a map of keys to values</source>
        <translation>%1 doit être une table de clés et de valeurs</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="54"/>
        <source>%1: keys must be plain names</source>
        <translation>%1 : les clés doivent être des noms simples</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="61"/>
        <source>a key of %1 %2</source>
        <translation>une clé (%1) %2</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="65"/>
        <location filename="../core/campaign/campaignfile.cpp" line="193"/>
        <source>unknown key &apos;%1&apos; in %2 (allowed: %3)</source>
        <translation>clé inconnue &apos;%1&apos; (%2 ; autorisées : %3)</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="70"/>
        <source>duplicate key &apos;%1&apos; in %2</source>
        <translation>clé en double &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="91"/>
        <source>%1 lacks the required key &apos;%2&apos;</source>
        <translation>%1 : la clé obligatoire &apos;%2&apos; manque</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="109"/>
        <source>&apos;%1&apos; must be a text</source>
        <translation>&apos;%1&apos; doit être un texte</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="110"/>
        <source>&apos;%1&apos; must be a non-empty text</source>
        <translation>&apos;%1&apos; doit être un texte non vide</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="122"/>
        <location filename="../core/units/yamlreader.cpp" line="137"/>
        <location filename="../core/units/unitloader.cpp" line="54"/>
        <location filename="../core/units/unitloader.cpp" line="79"/>
        <location filename="../core/engine/command.cpp" line="89"/>
        <source>&apos;%1&apos; must be a whole number</source>
        <translation>&apos;%1&apos; doit être un nombre entier</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="132"/>
        <location filename="../core/units/unitloader.cpp" line="74"/>
        <source>&apos;%1&apos; must be a whole number, not &apos;%2&apos;</source>
        <translation>&apos;%1&apos; doit être un nombre entier, pas &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="142"/>
        <source>&apos;%1&apos; must be at least %2, not %3</source>
        <translation>&apos;%1&apos; doit valoir au moins %2, pas %3</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="148"/>
        <location filename="../core/campaign/battleimport.cpp" line="351"/>
        <location filename="../core/campaign/battleimport.cpp" line="482"/>
        <source>&apos;%1&apos; must be at most %2, not %3</source>
        <translation>&apos;%1&apos; doit valoir au plus %2, pas %3</translation>
    </message>
    <message>
        <location filename="../core/units/yamlreader.cpp" line="177"/>
        <source>&apos;%1&apos; must be true or false</source>
        <translation>&apos;%1&apos; doit être true ou false</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="38"/>
        <source>aliases (*name) are not accepted: write the value out in full</source>
        <translation>les alias (*nom) ne sont pas acceptés : écrivez la valeur en entier</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="66"/>
        <source>anchors (&amp;name) are not accepted: write the value out in full</source>
        <translation>les ancres (&amp;nom) ne sont pas acceptées : écrivez la valeur en entier</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="78"/>
        <source>too many values: more than %1 in one file</source>
        <translation>trop de valeurs : plus de %1 dans un fichier</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="87"/>
        <location filename="../core/io/safeyaml.cpp" line="220"/>
        <source>nested too deeply: more than %1 levels</source>
        <translation>imbrication trop profonde : plus de %1 niveaux</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="108"/>
        <source>end of map not found</source>
        <translation>fin de la table de correspondance introuvable</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="109"/>
        <source>end of map flow not found</source>
        <translation>fin de la table de correspondance en ligne ({...}) introuvable</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="110"/>
        <source>end of sequence not found</source>
        <translation>fin de la liste introuvable</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="112"/>
        <source>end of sequence flow not found</source>
        <translation>fin de la liste en ligne ([...]) introuvable</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="113"/>
        <source>illegal map key</source>
        <translation>clé non autorisée</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="114"/>
        <source>illegal map value</source>
        <translation>valeur de clé non autorisée</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="115"/>
        <source>illegal block entry</source>
        <translation>entrée de liste (&apos;-&apos;) non autorisée</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="116"/>
        <source>illegal flow end</source>
        <translation>fin de liste ou de table en ligne non autorisée</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="118"/>
        <source>illegal tab when looking for indentation</source>
        <translation>tabulation non autorisée dans l&apos;indentation</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="119"/>
        <source>unknown token</source>
        <translation>élément inconnu</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="121"/>
        <source>illegal document indicator in scalar</source>
        <translation>marqueur de document non autorisé dans une valeur</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="122"/>
        <source>illegal EOF in scalar</source>
        <translation>fin de fichier inattendue dans une valeur</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="123"/>
        <source>illegal character in scalar</source>
        <translation>caractère non autorisé dans une valeur</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="125"/>
        <source>invalid character in single-quoted string</source>
        <translation>caractère non valide dans une chaîne entre apostrophes</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="127"/>
        <source>bad character found while scanning hex number</source>
        <translation>caractère non valide dans un nombre hexadécimal</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="129"/>
        <source>cannot set zero indentation for a block scalar</source>
        <translation>un bloc de texte ne peut pas avoir une indentation nulle</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="131"/>
        <source>unexpected character in block scalar</source>
        <translation>caractère inattendu dans un bloc de texte</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="132"/>
        <source>alias not found after *</source>
        <translation>aucun alias après *</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="133"/>
        <source>anchor not found after &amp;</source>
        <translation>aucune ancre après &amp;</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="135"/>
        <source>illegal character found while scanning alias</source>
        <translation>caractère non autorisé dans un alias</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="137"/>
        <source>illegal character found while scanning anchor</source>
        <translation>caractère non autorisé dans une ancre</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="139"/>
        <source>the referenced anchor is not defined</source>
        <translation>l&apos;ancre référencée n&apos;est pas définie</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="141"/>
        <source>cannot assign multiple tags to the same node</source>
        <translation>impossible d&apos;attribuer plusieurs tags au même nœud</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="143"/>
        <source>cannot assign multiple anchors to the same node</source>
        <translation>impossible d&apos;attribuer plusieurs ancres au même nœud</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="145"/>
        <source>cannot assign multiple aliases to the same node</source>
        <translation>impossible d&apos;attribuer plusieurs alias au même nœud</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="147"/>
        <source>illegal character found while scanning tag handle</source>
        <translation>caractère non autorisé dans le préfixe d&apos;un tag</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="149"/>
        <source>tag handle with no suffix</source>
        <translation>préfixe de tag sans suffixe</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="151"/>
        <source>end of verbatim tag not found</source>
        <translation>fin du tag littéral introuvable</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="153"/>
        <source>YAML directives must have exactly one argument</source>
        <translation>les directives YAML ont exactement un argument</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="155"/>
        <source>YAML major version too large</source>
        <translation>version majeure de YAML trop élevée</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="157"/>
        <source>repeated YAML directive</source>
        <translation>directive YAML répétée</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="159"/>
        <source>TAG directives must have exactly two arguments</source>
        <translation>les directives TAG ont exactement deux arguments</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="161"/>
        <source>repeated TAG directive</source>
        <translation>directive TAG répétée</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="166"/>
        <source>unknown escape character: %1</source>
        <translation>caractère d&apos;échappement inconnu : %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="167"/>
        <source>invalid unicode: %1</source>
        <translation>Unicode non valide : %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="168"/>
        <source>bad YAML version: %1</source>
        <translation>version de YAML non valide : %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="65"/>
        <location filename="../core/units/unitlimits.cpp" line="12"/>
        <source>&apos;%1&apos; must be from %2 to %3, not %4</source>
        <translation>&apos;%1&apos; doit être entre %2 et %3, pas %4</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="137"/>
        <source>&apos;%1&apos; has %2 entries, at most %3</source>
        <translation>&apos;%1&apos; a %2 entrées, au plus %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="160"/>
        <source>&apos;%1&apos; must be a list of boxes ([1, 2, 3]) or a number</source>
        <translation>&apos;%1&apos; doit être une liste de cases ([1, 2, 3]) ou un nombre</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="178"/>
        <source>&apos;%1&apos; must start at box 1, not %2</source>
        <translation>&apos;%1&apos; doit commencer à la case 1, pas %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="183"/>
        <source>&apos;%1&apos; boxes must go up by 0 or 1: %2 after %3</source>
        <translation>les cases de &apos;%1&apos; doivent monter de 0 ou 1 : %2 après %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="201"/>
        <source>&apos;traits&apos; of %1 must be a list</source>
        <translation>&apos;traits&apos; (%1) doit être une liste</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="234"/>
        <source>&apos;trait&apos; must be a trait name</source>
        <translation>&apos;trait&apos; doit être le nom d&apos;un trait</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="247"/>
        <source>a trait must be a name or &apos;Name: X&apos;</source>
        <translation>un trait doit être un nom ou &apos;Nom: X&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="254"/>
        <source>a trait must be a name, &apos;Name: X&apos;, or {trait: Name, ...}</source>
        <translation>un trait doit être un nom, &apos;Nom: X&apos; ou {trait: Nom, ...}</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="264"/>
        <source>unknown trait &apos;%1&apos;</source>
        <translation>trait inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="270"/>
        <source>&apos;%1&apos; is a model trait, not a weapon trait</source>
        <translation>&apos;%1&apos; est un trait de figurine, pas un trait d&apos;arme</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="277"/>
        <source>&apos;%1&apos; is a weapon trait: put it on a weapon</source>
        <translation>&apos;%1&apos; est un trait d&apos;arme : mettez-le sur une arme</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="287"/>
        <source>&apos;%1&apos; needs a value: &apos;%1: X&apos;</source>
        <translation>&apos;%1&apos; demande une valeur : &apos;%1: X&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="297"/>
        <source>&apos;%1&apos; takes no value</source>
        <translation>&apos;%1&apos; ne prend pas de valeur</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="303"/>
        <source>&apos;%1&apos;: only a System Trait has boxes</source>
        <translation>&apos;%1&apos; : seul un Trait de Système a des cases</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="333"/>
        <source>weapon</source>
        <translation>arme</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="354"/>
        <source>unknown weapon class &apos;%1&apos; (known: %2)</source>
        <translation>classe d&apos;arme inconnue &apos;%1&apos; (connues : %2)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="365"/>
        <source>a capital ship&apos;s weapon</source>
        <translation>une arme de Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="370"/>
        <location filename="../core/units/unitloader.cpp" line="781"/>
        <source>&apos;arcs&apos; must be F, P, S, A or T, or several joined by &apos;/&apos;</source>
        <translation>&apos;arcs&apos; doit être F, P, S, A ou T, ou plusieurs reliés par &apos;/&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="374"/>
        <source>squadron weapons have no arcs</source>
        <translation>les armes des escadrilles n&apos;ont pas d&apos;arcs</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="387"/>
        <location filename="../core/units/unitloader.cpp" line="796"/>
        <source>only a Lance rolls the model&apos;s Skill</source>
        <translation>seule une Lance jette la Compétence de la figurine</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="396"/>
        <location filename="../core/units/unitlimits.cpp" line="144"/>
        <source>weapon &apos;%1&apos;</source>
        <translation>arme &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="426"/>
        <source>&apos;sources&apos; must be a map from a value to its source ({tv: estimate, uc: {card: v1.2.3}})</source>
        <translation>&apos;sources&apos; doit être une table d&apos;une valeur vers sa source ({tv: estimate, uc: {card: v1.2.3}})</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="434"/>
        <location filename="../core/units/unitlimits.cpp" line="83"/>
        <source>&apos;sources&apos; has %1 entries, at most %2</source>
        <translation>&apos;sources&apos; a %1 entrées, au plus %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="445"/>
        <source>a &apos;sources&apos; key must be a value name (&apos;tv&apos;)</source>
        <translation>une clé de &apos;sources&apos; doit être le nom d&apos;une valeur (&apos;tv&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="453"/>
        <source>&apos;sources&apos; names &apos;%1&apos; twice</source>
        <translation>&apos;sources&apos; nomme &apos;%1&apos; deux fois</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="465"/>
        <source>&apos;sources&apos;: %1 has no weapon &apos;%2&apos; (it has: %3)</source>
        <translation>&apos;sources&apos; : %1 n&apos;a pas d&apos;arme &apos;%2&apos; (elle a : %3)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="469"/>
        <source>&apos;sources&apos;: unknown value &apos;%1&apos; (known: default, %2, weapons.NAME)</source>
        <translation>&apos;sources&apos; : valeur inconnue &apos;%1&apos; (connues : default, %2, weapons.NAME)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="484"/>
        <source>the source of &apos;%1&apos; must be %2, or {rules: &quot;where&quot;}</source>
        <translation>la source de &apos;%1&apos; doit être %2, ou {rules: &quot;où&quot;}</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="494"/>
        <source>the source of &apos;%1&apos; must be %2, not &apos;%3&apos;</source>
        <translation>la source de &apos;%1&apos; doit être %2, pas &apos;%3&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="499"/>
        <source>the source of &apos;%1&apos; must be %2</source>
        <translation>la source de &apos;%1&apos; doit être %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="507"/>
        <source>where the &apos;%1&apos; comes from must be a text</source>
        <translation>l&apos;origine de &apos;%1&apos; doit être un texte</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="528"/>
        <source>%1 is not provisional, but &apos;sources&apos; makes %2 jwfleet&apos;s estimate: say &apos;provisional: true&apos;</source>
        <translation>%1 n&apos;est pas provisoire, mais &apos;sources&apos; fait de %2 une estimation de jwfleet : écrivez &apos;provisional: true&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="535"/>
        <source>%1 is provisional, but &apos;sources&apos; gives every value a published source: say &apos;provisional: false&apos;</source>
        <translation>%1 est provisoire, mais &apos;sources&apos; donne à chaque valeur une source publiée : écrivez &apos;provisional: false&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="543"/>
        <location filename="../core/units/unitloader.cpp" line="549"/>
        <location filename="../core/units/unitloader.cpp" line="552"/>
        <location filename="../core/campaign/campaignstore.cpp" line="163"/>
        <source>unit</source>
        <translation>unité</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="559"/>
        <source>id &apos;%1&apos; must be a slug: lower-case letters, digits and &apos;-&apos;</source>
        <translation>l&apos;identifiant &apos;%1&apos; doit être un nom court : minuscules, chiffres et &apos;-&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="579"/>
        <source>&apos;type&apos; must be capital, exo-armor or fighter</source>
        <translation>&apos;type&apos; doit être capital, exo-armor ou fighter</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="597"/>
        <source>&apos;%1&apos; is for capital ships; %2 is a squadron</source>
        <translation>&apos;%1&apos; concerne les Vaisseaux Capitaux ; %2 est une escadrille</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="619"/>
        <source>&apos;fuel&apos; is for squadrons; %1 is a capital ship</source>
        <translation>&apos;fuel&apos; concerne les escadrilles ; %1 est un Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="637"/>
        <source>&apos;base&apos;: a side of at most %1 inches, not %2</source>
        <translation>&apos;base&apos; : un côté d&apos;au plus %1 pouces, pas %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="643"/>
        <source>a capital ship stands on a rectangular base (&apos;2x3&apos;)</source>
        <translation>un Vaisseau Capital se tient sur un socle rectangulaire (&apos;2x3&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="648"/>
        <source>squadrons stand on 1&quot; hex bases (&apos;hex&apos;)</source>
        <translation>les escadrilles se tiennent sur des socles hexagonaux de 1&quot; (&apos;hex&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="652"/>
        <source>&apos;base&apos; must be &apos;W x L&apos; in inches (&apos;2x3&apos;) or &apos;hex&apos;</source>
        <translation>&apos;base&apos; doit être &apos;L x l&apos; en pouces (&apos;2x3&apos;) ou &apos;hex&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="662"/>
        <source>&apos;weapons&apos; must be a list</source>
        <translation>&apos;weapons&apos; doit être une liste</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="677"/>
        <source>unknown rules version &apos;%1&apos; (known: %2)</source>
        <translation>version des règles inconnue &apos;%1&apos; (connues : %2)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="723"/>
        <source>&apos;weapons&apos; must be a map from a weapon&apos;s name to its ratings ({&quot;Kinetic Cannon&quot;: {ac: 4, as: 2}})</source>
        <translation>&apos;weapons&apos; doit être une table du nom d&apos;une arme vers ses valeurs ({&quot;Kinetic Cannon&quot;: {ac: 4, as: 2}})</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="737"/>
        <source>a weapon must be named as on the unit (&apos;Kinetic Cannon&apos;)</source>
        <translation>une arme doit être nommée comme sur l&apos;unité (&apos;Kinetic Cannon&apos;)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="749"/>
        <source>%1 has no weapons</source>
        <translation>%1 n&apos;a pas d&apos;armes</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="751"/>
        <source>%1 has no weapon &apos;%2&apos; (it has: %3)</source>
        <translation>%1 n&apos;a pas d&apos;arme &apos;%2&apos; (elle a : %3)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="757"/>
        <source>the weapon &apos;%1&apos; is named twice</source>
        <translation>l&apos;arme &apos;%1&apos; est nommée deux fois</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="769"/>
        <source>the weapon &apos;%1&apos;</source>
        <translation>l&apos;arme &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="831"/>
        <source>a faction file</source>
        <translation>un fichier de faction</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="832"/>
        <source>the faction file</source>
        <translation>le fichier de faction</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="848"/>
        <source>unknown rules version &apos;%1&apos;</source>
        <translation>version des règles inconnue &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="867"/>
        <source>duplicate unit id &apos;%1&apos; (first at line %2)</source>
        <translation>identifiant d&apos;unité en double &apos;%1&apos; (d&apos;abord à la ligne %2)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="902"/>
        <location filename="../core/io/safeyaml.cpp" line="200"/>
        <location filename="../core/campaign/campaignfile.cpp" line="782"/>
        <location filename="../core/campaign/campaignfile.cpp" line="842"/>
        <source>the file is too big: %1 bytes, at most %2</source>
        <translation>le fichier est trop gros : %1 octets, au plus %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="923"/>
        <source>the user data file</source>
        <translation>le fichier de vos valeurs</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="932"/>
        <source>&apos;units&apos; must be a map from a unit id to its values ({alexander: {card: v1.2.3, tv: 85}})</source>
        <translation>&apos;units&apos; doit être une table d&apos;un identifiant d&apos;unité vers ses valeurs ({alexander: {card: v1.2.3, tv: 85}})</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="943"/>
        <source>a unit id must be a plain name</source>
        <translation>un identifiant d&apos;unité doit être un nom simple</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="954"/>
        <source>unknown unit &apos;%1&apos; (did you mean &apos;%2&apos;?)</source>
        <translation>unité inconnue &apos;%1&apos; (vouliez-vous dire &apos;%2&apos; ?)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="956"/>
        <source>unknown unit &apos;%1&apos;</source>
        <translation>unité inconnue &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="963"/>
        <source>&apos;%1&apos; is named twice</source>
        <translation>&apos;%1&apos; est nommé deux fois</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="982"/>
        <source>the values of %1</source>
        <translation>les valeurs de %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="225"/>
        <source>not valid YAML: %1</source>
        <translation>YAML non valide : %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="231"/>
        <source>cannot read the YAML: %1</source>
        <translation>impossible de lire le YAML : %1</translation>
    </message>
    <message>
        <location filename="../core/io/safeyaml.cpp" line="237"/>
        <source>the file is empty</source>
        <translation>le fichier est vide</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="16"/>
        <source>is too long: %1 characters, at most %2</source>
        <translation>est trop long : %1 caractères, au plus %2</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="26"/>
        <source>holds a control character (U+%1) at character %2</source>
        <translation>contient un caractère de contrôle (U+%1) au caractère %2</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="31"/>
        <source>holds a character that reorders text (U+%1) at character %2</source>
        <translation>contient un caractère qui réordonne le texte (U+%1) au caractère %2</translation>
    </message>
    <message>
        <location filename="../core/io/textcheck.cpp" line="40"/>
        <location filename="../core/io/textcheck.cpp" line="44"/>
        <source>is not valid text at character %1</source>
        <translation>n&apos;est pas un texte valide au caractère %1</translation>
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
        <translation>&apos;upgrades&apos; doit être une liste d&apos;identifiants d&apos;améliorations</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="72"/>
        <source>&apos;upgrades&apos; lists %1 upgrades, at most %2</source>
        <translation>&apos;upgrades&apos; liste %1 améliorations, au plus %2</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="79"/>
        <source>an upgrade must be an upgrade id (ace-pilot)</source>
        <translation>une amélioration doit être un identifiant d&apos;amélioration (ace-pilot)</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="85"/>
        <source>the upgrade id %1</source>
        <translation>l&apos;identifiant d&apos;amélioration %1</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="160"/>
        <source>a fleet file</source>
        <translation>un fichier de flotte</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="171"/>
        <source>&apos;schema_version&apos; must be at least 1, not %1</source>
        <translation>&apos;schema_version&apos; doit valoir au moins 1, pas %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="704"/>
        <location filename="../core/fleet/fleetfile.cpp" line="176"/>
        <source>schema_version %1 is newer than this program reads (%2): update jwfleet</source>
        <translation>schema_version %1 est plus récent que ce que ce programme sait lire (%2) : mettez jwfleet à jour</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="188"/>
        <source>&apos;points&apos; must be at most %1, not %2</source>
        <translation>&apos;points&apos; doit valoir au plus %1, pas %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="857"/>
        <location filename="../core/fleet/fleetfile.cpp" line="199"/>
        <source>&apos;units&apos; must be a list of units</source>
        <translation>&apos;units&apos; doit être une liste d&apos;unités</translation>
    </message>
    <message>
        <location filename="../core/fleet/fleetfile.cpp" line="203"/>
        <source>&apos;units&apos; lists %1 units, at most %2</source>
        <translation>&apos;units&apos; liste %1 unités, au plus %2</translation>
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
        <translation>%1 : %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="202"/>
        <location filename="../core/campaign/campaignfile.cpp" line="214"/>
        <source>must be a map</source>
        <translation>doit être une table de clés</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="213"/>
        <location filename="../core/campaign/campaignfile.cpp" line="242"/>
        <location filename="../core/campaign/campaignfile.cpp" line="295"/>
        <source>missing</source>
        <translation>manquant</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="229"/>
        <source>missing (an empty list is [])</source>
        <translation>manquant (une liste vide s&apos;écrit [])</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="230"/>
        <source>must be a list</source>
        <translation>doit être une liste</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="250"/>
        <location filename="../core/campaign/campaignfile.cpp" line="370"/>
        <source>must be text</source>
        <translation>doit être du texte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="264"/>
        <source>must not be empty</source>
        <translation>ne doit pas être vide</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="288"/>
        <location filename="../core/campaign/campaignstore.cpp" line="198"/>
        <source>must be from %1 to %2, not %3</source>
        <translation>doit être entre %1 et %2, pas %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="296"/>
        <source>must be a whole number</source>
        <translation>doit être un nombre entier</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="322"/>
        <source>must be true or false</source>
        <translation>doit être true ou false</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="336"/>
        <source>must be a date as YYYY-MM-DD, not &apos;%1&apos;</source>
        <translation>doit être une date au format AAAA-MM-JJ, pas &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="348"/>
        <source>must be a map of rating to number</source>
        <translation>doit être une table de valeur à nombre</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="356"/>
        <source>%1: unknown rating (%2)</source>
        <translation>%1 : valeur inconnue (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="383"/>
        <source>a fleet</source>
        <translation>une flotte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="396"/>
        <source>a fleet&apos;s unit</source>
        <translation>une unité d&apos;une flotte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="433"/>
        <source>not a jwfleet campaign file (format: jwfleet-campaign)</source>
        <translation>ce n&apos;est pas un fichier de campagne jwfleet (format: jwfleet-campaign)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="442"/>
        <source>%1 is newer than this program reads (%2): update jwfleet</source>
        <translation>%1 est plus récent que ce que ce programme sait lire (%2) : mettez jwfleet à jour</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="451"/>
        <source>a campaign file</source>
        <translation>un fichier de campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="476"/>
        <source>a player</source>
        <translation>un joueur</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="492"/>
        <source>a roster entry</source>
        <translation>une entrée du registre</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="511"/>
        <source>active or destroyed, not &apos;%1&apos;</source>
        <translation>active ou destroyed, pas &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="528"/>
        <source>a battle</source>
        <translation>une bataille</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="540"/>
        <source>%1, not &apos;%2&apos;</source>
        <translation>%1, pas &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="551"/>
        <source>a battle has two sides</source>
        <translation>une bataille a deux camps</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="558"/>
        <source>a battle&apos;s side</source>
        <translation>un camp d&apos;une bataille</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="578"/>
        <source>a unit&apos;s outcome</source>
        <translation>le sort d&apos;une unité</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="591"/>
        <source>unknown fate &apos;%1&apos;</source>
        <translation>sort inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="598"/>
        <source>side %1&apos;s fleet has %2 units (from 0)</source>
        <translation>la flotte du camp %1 a %2 unités (comptées à partir de 0)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="613"/>
        <source>a repair</source>
        <translation>une réparation</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="625"/>
        <source>none, roll or cost, not &apos;%1&apos;</source>
        <translation>none, roll ou cost, pas &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="633"/>
        <source>a die shows 1 to 6</source>
        <translation>un dé montre 1 à 6</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="796"/>
        <location filename="../core/net/protocol.cpp" line="196"/>
        <source>not valid JSON: %1</source>
        <translation>JSON non valide : %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="799"/>
        <source>not a campaign file (a JSON object)</source>
        <translation>ce n&apos;est pas un fichier de campagne (un objet JSON)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignfile.cpp" line="815"/>
        <source>not a campaign file (a map)</source>
        <translation>ce n&apos;est pas un fichier de campagne (une table de clés)</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="891"/>
        <location filename="../core/campaign/campaignfile.cpp" line="835"/>
        <location filename="../core/campaign/battleimport.cpp" line="593"/>
        <source>cannot read: %1</source>
        <translation>lecture impossible : %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="96"/>
        <source>the game is not finished (turn %1, %2 phase): only a finished game is a battle; enter an unfinished one as a battle report</source>
        <translation>la partie n&apos;est pas terminée (tour %1, phase %2) : seule une partie terminée est une bataille ; saisissez une partie inachevée comme rapport de bataille</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="220"/>
        <source>a forfeit&apos;s winner is player 0 or 1</source>
        <translation>le vainqueur d&apos;un forfait est le joueur 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="252"/>
        <source>cannot read the game: %1</source>
        <translation>impossible de lire la partie : %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="295"/>
        <source>a battle report</source>
        <translation>un rapport de bataille</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="306"/>
        <source>&apos;date&apos; must be a date as YYYY-MM-DD, not &apos;%1&apos;</source>
        <translation>&apos;date&apos; doit être une date au format AAAA-MM-JJ, pas &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="316"/>
        <source>unknown scenario &apos;%1&apos; (%2)</source>
        <translation>scénario inconnu &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="322"/>
        <source>&apos;notes&apos; %1</source>
        <translation>&apos;notes&apos; %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="332"/>
        <source>&apos;sides&apos; must be a list of the two sides</source>
        <translation>&apos;sides&apos; doit être une liste des deux camps</translation>
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
        <translation>le fichier de flotte ne peut pas être lu :
%1</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="373"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1247"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1663"/>
        <source>no player named &apos;%1&apos; in this campaign</source>
        <translation>aucun joueur nommé &apos;%1&apos; dans cette campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="389"/>
        <source>&apos;units&apos; must be a list of unit outcomes</source>
        <translation>&apos;units&apos; doit être une liste de sorts d&apos;unités</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="417"/>
        <source>entry %1: %2&apos;s fleet has %3 units (from 0)</source>
        <translation>entrée %1 : la flotte de %2 a %3 unités (comptées à partir de 0)</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="437"/>
        <source>%1&apos;s fleet has no %2 left to match</source>
        <translation>la flotte de %1 n&apos;a plus de %2 correspondante</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="441"/>
        <source>unit named &apos;%1&apos;</source>
        <translation>unité nommée &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitloader.cpp" line="553"/>
        <location filename="../core/campaign/battleimport.cpp" line="444"/>
        <source>unit &apos;%1&apos;</source>
        <translation>unité &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="449"/>
        <source>%1 names no unit: give &apos;entry&apos;, &apos;name&apos; or &apos;unit&apos;</source>
        <translation>%1 ne nomme aucune unité : donnez &apos;entry&apos;, &apos;name&apos; ou &apos;unit&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="459"/>
        <source>entry %1 of %2&apos;s fleet is listed twice</source>
        <translation>l&apos;entrée %1 de la flotte de %2 figure deux fois</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="493"/>
        <source>&apos;kills&apos; must be at most %1, not %2</source>
        <translation>&apos;kills&apos; doit valoir au plus %1, pas %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="504"/>
        <source>unknown fate &apos;%1&apos; (%2)</source>
        <translation>sort inconnu &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="544"/>
        <source>&apos;winner&apos; is one of the two players or draw, not &apos;%1&apos;</source>
        <translation>&apos;winner&apos; est l&apos;un des deux joueurs ou draw, pas &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="550"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1260"/>
        <source>a battle is between two different players</source>
        <translation>une bataille oppose deux joueurs différents</translation>
    </message>
    <message>
        <location filename="../core/campaign/battleimport.cpp" line="562"/>
        <source>unit &apos;%1&apos; (side %2, entry %3) is not in the unit database</source>
        <translation>l&apos;unité &apos;%1&apos; (camp %2, entrée %3) n&apos;est pas dans la base des unités</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="107"/>
        <source>the dice must be a list of faces 1 to 6</source>
        <translation>les dés doivent être une liste de faces de 1 à 6</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="114"/>
        <source>die %1 shows %2: a die shows 1 to 6</source>
        <translation>le dé %1 montre %2 : un dé montre 1 à 6</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="139"/>
        <source>an exchange must be an object</source>
        <translation>un échange doit être un objet</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="148"/>
        <location filename="../core/engine/gamefile.cpp" line="199"/>
        <location filename="../core/engine/gamefile.cpp" line="227"/>
        <location filename="../core/engine/gamefile.cpp" line="290"/>
        <location filename="../core/engine/gamefile.cpp" line="344"/>
        <location filename="../core/engine/gamefile.cpp" line="388"/>
        <source>unknown field &apos;%1&apos;</source>
        <translation>champ inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="155"/>
        <source>&apos;command&apos; must be -1 or a command&apos;s index, &apos;committer&apos; 0 or 1</source>
        <translation>&apos;command&apos; doit être -1 ou l&apos;indice d&apos;une commande, &apos;committer&apos; 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="168"/>
        <source>&apos;%1&apos; must be %2 lower-case hex digits</source>
        <translation>&apos;%1&apos; doit compter %2 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="206"/>
        <source>an object whose &apos;command&apos; is a command&apos;s index</source>
        <translation>un objet dont &apos;command&apos; est l&apos;indice d&apos;une commande</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="213"/>
        <source>&apos;hash&apos; and &apos;nonce&apos; must be 64 lower-case hex digits</source>
        <translation>&apos;hash&apos; et &apos;nonce&apos; doivent compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="233"/>
        <source>an object of three lists: commitments, reveals, sealed_embarks</source>
        <translation>un objet de trois listes : commitments, reveals, sealed_embarks</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="242"/>
        <source>a commitment must be 64 lower-case hex digits</source>
        <translation>un engagement doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="254"/>
        <source>a reveal is {command, model, nonce}: two whole numbers and 64 lower-case hex digits</source>
        <translation>une révélation est {command, model, nonce} : deux nombres entiers et 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="271"/>
        <source>a sealed Embark is {command, hash[, nonce]}: a whole number and 64 lower-case hex digits</source>
        <translation>un Embarquement scellé est {command, hash[, nonce]} : un nombre entier et 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="296"/>
        <source>an object of &apos;player&apos; (0 or 1) and two lists, nonces and seals</source>
        <translation>un objet de &apos;player&apos; (0 ou 1) et de deux listes, nonces et seals</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="306"/>
        <source>a nonce must be 64 lower-case hex digits</source>
        <translation>un nonce doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="322"/>
        <source>a seal is {command, nonce, play}: a whole number, 64 lower-case hex digits and a command</source>
        <translation>un sceau est {command, nonce, play} : un nombre entier, 64 chiffres hexadécimaux en minuscules et une commande</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="353"/>
        <source>&apos;command&apos; (an index), &apos;committer&apos; (0 or 1), &apos;commit&apos; (64 hex digits) and &apos;play&apos; (a command) are needed</source>
        <translation>&apos;command&apos; (un indice), &apos;committer&apos; (0 ou 1), &apos;commit&apos; (64 chiffres hexadécimaux) et &apos;play&apos; (une commande) sont requis</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="365"/>
        <source>play: %1</source>
        <translation>play : %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="372"/>
        <source>&apos;nonce&apos; and &apos;responder_nonce&apos; must be 64 lower-case hex digits</source>
        <translation>&apos;nonce&apos; et &apos;responder_nonce&apos; doivent compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="395"/>
        <source>&apos;command&apos; (an index), &apos;sealer&apos; (0 or 1) and &apos;hash&apos; (64 hex digits) are needed</source>
        <translation>&apos;command&apos; (un indice), &apos;sealer&apos; (0 ou 1) et &apos;hash&apos; (64 chiffres hexadécimaux) sont requis</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="406"/>
        <source>&apos;nonce&apos; (64 hex digits) and &apos;choice&apos; come together</source>
        <translation>&apos;nonce&apos; (64 chiffres hexadécimaux) et &apos;choice&apos; vont ensemble</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="413"/>
        <source>choice: %1</source>
        <translation>choice : %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="418"/>
        <source>the choice is not the one its hash fixed</source>
        <translation>le choix n&apos;est pas celui que son hash a fixé</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="434"/>
        <source>network: unknown field &apos;%1&apos;</source>
        <translation>network : champ inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="442"/>
        <source>network: &apos;local_player&apos; (0 or 1) and &apos;role&apos; (host or join) are needed</source>
        <translation>network : &apos;local_player&apos; (0 ou 1) et &apos;role&apos; (host ou join) sont nécessaires</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="452"/>
        <source>network: &apos;port&apos; must be a whole number from 1 to 65535</source>
        <translation>network : &apos;port&apos; doit être un nombre entier de 1 à 65535</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="467"/>
        <source>network: &apos;address&apos; (the host&apos;s, for a joiner only) must be a host name or an address of at most 255 characters, without spaces</source>
        <translation>network : &apos;address&apos; (celle de l’hôte, pour celui qui rejoint seulement) doit être un nom d’hôte ou une adresse d’au plus 255 caractères, sans espaces</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="816"/>
        <source>%1: cannot read the game: %2</source>
        <translation>%1 : impossible de lire la partie : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="828"/>
        <source>%1: the file is too big: %2 bytes, at most %3</source>
        <translation>%1 : le fichier est trop gros : %2 octets, au plus %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="840"/>
        <source>%1:%2:%3: not valid JSON: %4</source>
        <translation>%1:%2:%3: JSON non valide : %4</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="847"/>
        <source>%1: not a jwfleet game file (a JSON object)</source>
        <translation>%1 : ce n&apos;est pas un fichier de partie jwfleet (un objet JSON)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="854"/>
        <source>%1: not a jwfleet game file</source>
        <translation>%1 : ce n&apos;est pas un fichier de partie jwfleet</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="860"/>
        <source>%1: schema_version %2 is newer than this program reads (%3)</source>
        <translation>%1 : schema_version %2 est plus récent que ce que ce programme sait lire (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="877"/>
        <source>%1: bad scenario</source>
        <translation>%1 : scénario incorrect</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="880"/>
        <source>%1 (scenario)</source>
        <translation>%1 (scénario)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="891"/>
        <source>%1: setup: &apos;initiative&apos; must be 0, 1 or random</source>
        <translation>%1 : setup : &apos;initiative&apos; doit être 0, 1 ou random</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="905"/>
        <source>%1: setup: &apos;table&apos; must be digital or physical</source>
        <translation>%1 : setup : &apos;table&apos; doit être digital ou physical</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="916"/>
        <source>%1: setup: &apos;typed_dice&apos; must be true or false</source>
        <translation>%1 : setup : &apos;typed_dice&apos; doit être true ou false</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="927"/>
        <source>%1: a game has two players</source>
        <translation>%1 : une partie a deux joueurs</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="942"/>
        <source>%1: player %2: a name %3</source>
        <translation>%1 : joueur %2 : un nom %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="951"/>
        <source>%1: player %2: &apos;computer&apos; must be random, greedy, careful or expert</source>
        <translation>%1 : joueur %2 : &apos;computer&apos; doit être random, greedy, careful ou expert</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="974"/>
        <source>%1: the file lacks the unit card of &apos;%2&apos;</source>
        <translation>%1 : il manque au fichier la carte d&apos;unité de &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="982"/>
        <source>%1: terrain: %2</source>
        <translation>%1 : terrain : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1001"/>
        <source>%1: command %2: %3</source>
        <translation>%1 : commande %2 : %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1009"/>
        <source>%1: command %2 (%3): &apos;player&apos; must be 0 or 1</source>
        <translation>%1 : commande %2 (%3) : &apos;player&apos; doit être 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1013"/>
        <source>command %1 (%2)</source>
        <translation>commande %1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1024"/>
        <source>is not text</source>
        <translation>n&apos;est pas du texte</translation>
    </message>
    <message>
        <location filename="../core/units/dataissue.cpp" line="45"/>
        <location filename="../core/engine/gamefile.cpp" line="1017"/>
        <source>%1: %2: %3</source>
        <translation>%1 : %2 : %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1027"/>
        <source>%1: %2: the reason %3</source>
        <translation>%1 : %2 : la raison %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1041"/>
        <source>%1: setup: %2</source>
        <translation>%1 : setup : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1048"/>
        <location filename="../core/engine/gamefile.cpp" line="1062"/>
        <source>%1: start_dice: %2</source>
        <translation>%1 : start_dice : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1074"/>
        <source>%1: replaying the commands does not give the saved state: the rules changed since the game was saved</source>
        <translation>%1 : rejouer les commandes ne redonne pas l&apos;état enregistré : les règles ont changé depuis l&apos;enregistrement de la partie</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1084"/>
        <source>%1: dice_exchanges must be a list</source>
        <translation>%1 : dice_exchanges doit être une liste</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1095"/>
        <source>%1: dice exchange %2: %3</source>
        <translation>%1 : échange de dés %2 : %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1107"/>
        <source>%1: sealed_choices must be a list</source>
        <translation>%1 : sealed_choices doit être une liste</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1118"/>
        <source>%1: sealed choice %2: %3</source>
        <translation>%1 : choix scellé %2 : %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1130"/>
        <source>%1: masked: %2</source>
        <translation>%1 : masked : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1141"/>
        <source>%1: masked_secrets: %2</source>
        <translation>%1 : masked_secrets : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1152"/>
        <source>%1: sealed_pending: %2</source>
        <translation>%1 : sealed_pending : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamefile.cpp" line="1162"/>
        <source>%1: dice_pending: %2</source>
        <translation>%1 : dice_pending : %2</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="111"/>
        <source>%1: a list of at most %2 reveals {model, nonce, entry}: a model number, 64 lower-case hex digits and {entry: {unit, name, upgrades}, unit: {...}}</source>
        <translation>%1 : une liste d’au plus %2 révélations {model, nonce, entry} : un numéro de figurine, 64 chiffres hexadécimaux en minuscules et {entry: {unit, name, upgrades}, unit: {...}}</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="147"/>
        <source>%1: a list of at most %2 sealed commands {command, nonce, play}: a command number, 64 lower-case hex digits and a command</source>
        <translation>%1 : une liste d’au plus %2 commandes scellées {command, nonce, play} : un numéro de commande, 64 chiffres hexadécimaux en minuscules et une commande</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="191"/>
        <source>message of %1 bytes: at most %2</source>
        <translation>message de %1 octets : %2 au plus</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="199"/>
        <source>a message is a JSON object</source>
        <translation>un message est un objet JSON</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="204"/>
        <source>a message needs a &apos;type&apos; (text)</source>
        <translation>un message doit avoir un &apos;type&apos; (texte)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="210"/>
        <source>unknown message type &apos;%1&apos;</source>
        <translation>type de message inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="222"/>
        <location filename="../core/net/protocol.cpp" line="612"/>
        <source>%1: unknown field &apos;%2&apos;</source>
        <translation>%1 : champ inconnu &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="228"/>
        <source>%1: the field &apos;%2&apos; is missing</source>
        <translation>%1 : le champ &apos;%2&apos; manque</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="244"/>
        <source>%1: &apos;features&apos; must be a list of at most %2 names</source>
        <translation>%1 : &apos;features&apos; doit être une liste d&apos;au plus %2 noms</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="255"/>
        <source>%1: a feature is a name of lower-case letters, digits and &apos;-&apos;, once</source>
        <translation>%1 : une fonctionnalité est un nom de lettres minuscules, de chiffres et de &apos;-&apos;, une seule fois chacune</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="297"/>
        <source>hello: &apos;protocol&apos; must be a whole number</source>
        <translation>hello : &apos;protocol&apos; doit être un nombre entier</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="300"/>
        <source>hello: protocol version %1; this program speaks %2</source>
        <translation>hello : version de protocole %1 ; ce programme parle la %2</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="306"/>
        <source>hello: &apos;setup&apos; must be 64 lower-case hex digits</source>
        <translation>hello : &apos;setup&apos; doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="311"/>
        <source>hello: &apos;side&apos; must be 0 or 1</source>
        <translation>hello : &apos;side&apos; doit valoir 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="317"/>
        <source>choice-commit: &apos;seq&apos; must be a whole number from 1</source>
        <translation>choice-commit : &apos;seq&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="321"/>
        <source>choice-commit: &apos;hash&apos; must be 64 lower-case hex digits</source>
        <translation>choice-commit : &apos;hash&apos; doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="328"/>
        <source>choice-reveal: &apos;seq&apos; must be a whole number from 1</source>
        <translation>choice-reveal : &apos;seq&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="332"/>
        <source>choice-reveal: &apos;nonce&apos; must be 64 lower-case hex digits</source>
        <translation>choice-reveal : &apos;nonce&apos; doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="338"/>
        <source>choice-reveal: &apos;command&apos; must be an object</source>
        <translation>choice-reveal : &apos;command&apos; doit être un objet</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="342"/>
        <source>choice-reveal: %1</source>
        <translation>choice-reveal : %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="349"/>
        <source>command: &apos;seq&apos; must be a whole number from 1</source>
        <translation>command : &apos;seq&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="353"/>
        <source>command: &apos;command&apos; must be an object</source>
        <translation>command : &apos;command&apos; doit être un objet</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="357"/>
        <source>command: %1</source>
        <translation>command : %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="373"/>
        <source>command: &apos;sealed&apos; must be 64 lower-case hex digits</source>
        <translation>command : &apos;sealed&apos; doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="382"/>
        <source>commitments: &apos;hashes&apos; must be a list of at most %1 hashes of 64 lower-case hex digits</source>
        <translation>commitments : &apos;hashes&apos; doit être une liste d’au plus %1 empreintes de 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="398"/>
        <source>reveal: &apos;seq&apos; must be a whole number from 1</source>
        <translation>reveal : &apos;seq&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="413"/>
        <source>%1: &apos;seq&apos; must be a whole number from 0</source>
        <translation>%1 : &apos;seq&apos; doit être un nombre entier à partir de 0</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="418"/>
        <source>%1: &apos;%2&apos; must be 64 lower-case hex digits</source>
        <translation>%1 : &apos;%2&apos; doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="429"/>
        <source>%1: &apos;text&apos; must be text</source>
        <translation>%1 : &apos;text&apos; doit être du texte</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="433"/>
        <source>%1: the text %2</source>
        <translation>%1 : le texte %2</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="439"/>
        <source>error: &apos;why&apos; must be a sentence: {key, args}</source>
        <translation>error : &apos;why&apos; doit être une phrase : {key, args}</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="442"/>
        <source>error: &apos;why&apos; is not the sentence of &apos;text&apos;</source>
        <translation>error : &apos;why&apos; n&apos;est pas la phrase de &apos;text&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="450"/>
        <source>join: &apos;name&apos; must be text</source>
        <translation>join : &apos;name&apos; doit être du texte</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="453"/>
        <source>join: the name %1</source>
        <translation>join : le nom %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="457"/>
        <source>join: &apos;fleet&apos; must be text (a fleet file)</source>
        <translation>join : &apos;fleet&apos; doit être du texte (un fichier de flotte)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="281"/>
        <source>join: &apos;commitments&apos; must be a list of 1 to %1 hashes of 64 lower-case hex digits, with the feature &apos;%2&apos;</source>
        <translation>join : &apos;commitments&apos; doit être une liste de 1 à %1 empreintes de 64 chiffres hexadécimaux en minuscules, avec la fonctionnalité &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="286"/>
        <source>%1: &apos;commitments&apos; must be a list of 1 to %2 hashes of 64 lower-case hex digits, with the feature &apos;%3&apos;</source>
        <translation>%1 : &apos;commitments&apos; doit être une liste de 1 à %2 empreintes de 64 chiffres hexadécimaux en minuscules, avec la fonctionnalité &apos;%3&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="471"/>
        <source>%1: &apos;game&apos; must be an object (a saved game)</source>
        <translation>%1 : &apos;game&apos; doit être un objet (une partie enregistrée)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="479"/>
        <source>%1: &apos;offer&apos; is true when sent</source>
        <translation>%1 : &apos;offer&apos; vaut true quand il est envoyé</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="488"/>
        <source>club-created: &apos;id&apos; must be a whole number from 1</source>
        <translation>club-created : &apos;id&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="496"/>
        <source>club-list: &apos;paused&apos; must be true or false</source>
        <translation>club-list : &apos;paused&apos; doit valoir true ou false</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="502"/>
        <source>club-list: &apos;all&apos; must be true or false</source>
        <translation>club-list : &apos;all&apos; doit valoir true ou false</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="508"/>
        <source>club-list: &apos;watch&apos; must be true or false</source>
        <translation>club-list : &apos;watch&apos; doit valoir true ou false</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="516"/>
        <source>club-watch: &apos;id&apos; must be a whole number from 1</source>
        <translation>club-watch : &apos;id&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="521"/>
        <source>club-watch: &apos;board&apos; must be true or false</source>
        <translation>club-watch : &apos;board&apos; doit valoir true ou false</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="529"/>
        <source>club-board: &apos;seq&apos; must be a whole number from 0</source>
        <translation>club-board : &apos;seq&apos; doit être un nombre entier à partir de 0</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="533"/>
        <source>club-board: &apos;board&apos; must be an object</source>
        <translation>club-board : &apos;board&apos; doit être un objet</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="540"/>
        <source>club-event: &apos;seq&apos; must be a whole number from 0</source>
        <translation>club-event : &apos;seq&apos; doit être un nombre entier à partir de 0</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="544"/>
        <source>club-event: &apos;kind&apos; must be a name</source>
        <translation>club-event : &apos;kind&apos; doit être un nom</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="548"/>
        <source>club-event: &apos;text&apos; must be text</source>
        <translation>club-event : &apos;text&apos; doit être du texte</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="552"/>
        <source>club-event: the text %1</source>
        <translation>club-event : le texte %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="556"/>
        <source>club-event: &apos;player&apos; must be -1, 0 or 1</source>
        <translation>club-event : &apos;player&apos; doit valoir -1, 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="567"/>
        <location filename="../core/net/protocol.cpp" line="618"/>
        <source>%1: &apos;id&apos; must be a whole number from 1</source>
        <translation>%1 : &apos;id&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="572"/>
        <source>%1: &apos;side&apos; must be 0 or 1</source>
        <translation>%1 : &apos;side&apos; doit valoir 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="577"/>
        <source>%1: &apos;token&apos; must be 64 lower-case hex digits</source>
        <translation>%1 : &apos;token&apos; doit compter 64 chiffres hexadécimaux en minuscules</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="586"/>
        <source>club-games: &apos;watch&apos; must be true or false</source>
        <translation>club-games : &apos;watch&apos; doit valoir true ou false</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="592"/>
        <source>club-games: &apos;games&apos; must be a list</source>
        <translation>club-games : &apos;games&apos; doit être une liste</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="596"/>
        <source>club-games: at most %1 games</source>
        <translation>club-games : %1 parties au plus</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="598"/>
        <source>club-games: game %1</source>
        <translation>club-games : partie %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="602"/>
        <source>%1 must be an object</source>
        <translation>%1 doit être un objet</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="624"/>
        <source>%1: &apos;%2&apos; must be a name (at most %3 characters)</source>
        <translation>%1 : &apos;%2&apos; doit être un nom (%3 caractères au plus)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="635"/>
        <source>%1: &apos;paused&apos; must be true or false</source>
        <translation>%1 : &apos;paused&apos; doit valoir true ou false</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="642"/>
        <source>%1: &apos;commands&apos; must be a whole number from 0</source>
        <translation>%1 : &apos;commands&apos; doit être un nombre entier à partir de 0</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="651"/>
        <source>%1: &apos;opponent&apos; must be a name (at most %2 characters)</source>
        <translation>%1 : &apos;opponent&apos; doit être un nom (%2 caractères au plus)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="660"/>
        <source>%1: &apos;playing&apos; must be true or false</source>
        <translation>%1 : &apos;playing&apos; doit valoir true ou false</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="668"/>
        <source>%1: &apos;turn&apos; must be a whole number from 0</source>
        <translation>%1 : &apos;turn&apos; doit être un nombre entier à partir de 0</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="677"/>
        <source>%1: &apos;spectators&apos; must be a whole number from 0</source>
        <translation>%1 : &apos;spectators&apos; doit être un nombre entier à partir de 0</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="686"/>
        <source>%1: &apos;fleets&apos; must be a list of at most two fleets</source>
        <translation>%1 : &apos;fleets&apos; doit être une liste d&apos;au plus deux flottes</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="699"/>
        <source>%1: a fleet is {name, points}: a name (at most %2 characters) and a whole number</source>
        <translation>%1 : une flotte est {name, points} : un nom (%2 caractères au plus) et un nombre entier</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="714"/>
        <source>club-join: &apos;id&apos; must be a whole number from 1</source>
        <translation>club-join : &apos;id&apos; doit être un nombre entier à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="719"/>
        <source>club-join: &apos;name&apos; must be text</source>
        <translation>club-join : &apos;name&apos; doit être du texte</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="723"/>
        <source>club-join: the name %1</source>
        <translation>club-join : le nom %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="727"/>
        <source>club-join: &apos;fleet&apos; must be text (a fleet file)</source>
        <translation>club-join : &apos;fleet&apos; doit être du texte (un fichier de flotte)</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="1136"/>
        <source>cannot read the message: %1</source>
        <translation>impossible de lire le message : %1</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="1139"/>
        <source>cannot read the message</source>
        <translation>impossible de lire le message</translation>
    </message>
    <message>
        <location filename="../core/net/protocol.cpp" line="1168"/>
        <location filename="../core/net/lobbyconnection.cpp" line="114"/>
        <location filename="../core/net/netlobby.cpp" line="260"/>
        <source>a message of %1 bytes: at most %2</source>
        <translation>un message de %1 octets : %2 au plus</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="108"/>
        <source>command %1 out of turn: player %2 is to act</source>
        <translation>commande %1 hors de son tour : c&apos;est au joueur %2 d&apos;agir</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="114"/>
        <source>command %1: the next command is %2</source>
        <translation>commande %1 : la commande suivante est la %2</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1412"/>
        <location filename="../core/net/netsession.cpp" line="121"/>
        <location filename="../core/net/netsession.cpp" line="1138"/>
        <source>command %1 (%2) refused: %3</source>
        <translation>commande %1 (%2) refusée : %3</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="162"/>
        <location filename="../core/net/netsession.cpp" line="1489"/>
        <source>the game cannot start: %1</source>
        <translation>la partie ne peut pas commencer : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="199"/>
        <location filename="../core/net/maskedresume.cpp" line="122"/>
        <location filename="../core/net/maskedresume.cpp" line="241"/>
        <location filename="../core/net/maskedresume.cpp" line="405"/>
        <source>the saved game has no start exchange: not a network game</source>
        <translation>la partie enregistrée n&apos;a pas d&apos;échange de départ : ce n&apos;est pas une partie en réseau</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="208"/>
        <source>the saved game&apos;s start does not replay</source>
        <translation>le départ de la partie enregistrée ne se rejoue pas</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="281"/>
        <source>the peer reconnected</source>
        <translation>l&apos;adversaire s&apos;est reconnecté</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="322"/>
        <source>cannot connect to the peer: %1</source>
        <translation>impossible de se connecter à l&apos;adversaire : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="410"/>
        <source>hidden models are masked in this game: each program holds the other side&apos;s models In Reserve or Embarked only as commitments, revealed when the rules make them public</source>
        <translation>les figurines cachées sont masquées dans cette partie : chaque programme ne connaît les figurines adverses En Réserve ou Embarquées que par des engagements, révélés quand les règles les rendent publiques</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="416"/>
        <source>hidden models are not masked in this game: both programs hold the whole v1.2.4 state (which models are In Reserve or Embarked, and their unit cards); each shows its player only what the rules let them see</source>
        <translation>les figurines cachées ne sont pas masquées dans cette partie : les deux programmes connaissent tout l’état de la v1.2.4 (quelles figurines sont En Réserve ou Embarquées, et leurs cartes d’unité) ; chacun ne montre à son joueur que ce que les règles lui laissent voir</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="425"/>
        <source>but the lobby sent the fleets in clear: both programs have both fleets&apos; cards</source>
        <translation>mais le salon a envoyé les flottes en clair : les deux programmes ont les cartes des deux flottes</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="436"/>
        <source>in a masked game a secret choice (the Boarded firefight) is sent in clear</source>
        <translation>dans une partie masquée, un choix secret (la fusillade de l’Abordage) est envoyé en clair</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="443"/>
        <source>secret choices are sealed: each is sent as a commitment and revealed after the other&apos;s answer</source>
        <translation>les choix secrets sont scellés : chacun est envoyé comme engagement et révélé après la réponse de l&apos;autre</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="455"/>
        <location filename="../core/net/netsession.cpp" line="781"/>
        <source>the peer&apos;s program does not seal secret choices: a secret choice (the Boarded firefight) is sent in clear in this game</source>
        <translation>le programme de l&apos;adversaire ne scelle pas les choix secrets : un choix secret (la fusillade d&apos;Abordage) est envoyé en clair dans cette partie</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="467"/>
        <source>connected to %1</source>
        <translation>connecté à %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="506"/>
        <source>refused a message of the peer: %1</source>
        <translation>message de l&apos;adversaire refusé : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="543"/>
        <source>the game ended</source>
        <translation>la partie a pris fin</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="561"/>
        <source>hello</source>
        <translation>message hello</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="564"/>
        <source>dice commitment</source>
        <translation>engagement de dés</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="567"/>
        <source>dice nonce</source>
        <translation>nonce de dés</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="570"/>
        <source>dice reveal</source>
        <translation>révélation de dés</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="572"/>
        <source>command</source>
        <translation>commande</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="574"/>
        <source>state hash</source>
        <translation>hash d&apos;état</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="576"/>
        <source>resume</source>
        <translation>reprise</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="578"/>
        <source>answer</source>
        <translation>réponse</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="580"/>
        <source>sealed choice&apos;s reveal</source>
        <translation>révélation du choix scellé</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="582"/>
        <source>hidden models&apos; commitments</source>
        <translation>engagements des figurines cachées</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="584"/>
        <source>hidden models&apos; reveals</source>
        <translation>révélations des figurines cachées</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="588"/>
        <location filename="../core/net/netsession.cpp" line="591"/>
        <source>connection</source>
        <translation>connexion</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="593"/>
        <source>timed out</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="596"/>
        <source>the peer stopped answering: no %1 within %2 ms</source>
        <translation>l&apos;adversaire ne répond plus : rien reçu (%1) en %2 ms</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="615"/>
        <source>the connection to the peer was lost after command %1: the game is paused (both saved games hold it up to the last agreed command)</source>
        <translation>la connexion avec l&apos;adversaire a été perdue après la commande %1 : la partie est en pause (les deux parties enregistrées la contiennent jusqu&apos;à la dernière commande convenue)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="651"/>
        <source>it is not our turn</source>
        <translation>ce n&apos;est pas notre tour</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="678"/>
        <source>command %1 sealed: our secret choice is revealed after the other player&apos;s answer</source>
        <translation>commande %1 scellée : notre choix secret est révélé après la réponse de l&apos;autre joueur</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="763"/>
        <source>the peer ended the game</source>
        <translation>l&apos;adversaire a mis fin à la partie</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="764"/>
        <source>the peer ended the game: %1</source>
        <translation>l&apos;adversaire a mis fin à la partie : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="790"/>
        <source>the peer refused our message: %1</source>
        <translation>l&apos;adversaire a refusé notre message : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="801"/>
        <source>unexpected %1 (seq %2) now</source>
        <translation>%1 inattendu (seq %2) à ce moment</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="811"/>
        <source>both peers play side %1</source>
        <translation>les deux joueurs jouent le camp %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="813"/>
        <source>the peer plays side %1 too: one side each</source>
        <translation>l&apos;adversaire joue aussi le camp %1 : un camp chacun</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="826"/>
        <source>not the same game</source>
        <translation>pas la même partie</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="828"/>
        <source>the peer&apos;s game is not ours: the setups (fleets, scenario, rules) differ</source>
        <translation>la partie de l&apos;adversaire n&apos;est pas la nôtre : les mises en place (flottes, scénario, règles) diffèrent</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="832"/>
        <source>the peer plays side %1</source>
        <translation>l&apos;adversaire joue le camp %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="841"/>
        <location filename="../core/net/netsession.cpp" line="1264"/>
        <source>a masked game resumes only masked</source>
        <translation>une partie masquée ne reprend que masquée</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="843"/>
        <location filename="../core/net/netsession.cpp" line="1266"/>
        <source>cannot resume: this game is masked (v1.2.4 hidden models), and the peer&apos;s program does not mask hidden models now</source>
        <translation>reprise impossible : cette partie est masquée (figurines cachées de la v1.2.4), et le programme de l&apos;adversaire ne masque pas les figurines cachées maintenant</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1841"/>
        <location filename="../core/net/maskedresume.cpp" line="170"/>
        <source>another state</source>
        <translation>un autre état</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1261"/>
        <location filename="../core/net/netsession.cpp" line="889"/>
        <source>commitments: %1 hashes for %2 models</source>
        <translation>commitments : %1 hashs pour %2 figurines</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="892"/>
        <source>commitments: the peer committed to %1 models, its fleet has %2; the game stops</source>
        <translation>commitments : l’autre programme s’est engagé sur %1 figurines, sa flotte en compte %2 ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1836"/>
        <source>the sealed secret choice is refused by the masked game: %1; the game stops</source>
        <translation>le choix secret scellé est refusé par la partie masquée : %1 ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="878"/>
        <location filename="../core/net/netsession.cpp" line="921"/>
        <location filename="../core/net/netsession.cpp" line="934"/>
        <source>no game to resume</source>
        <translation>aucune partie à reprendre</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="880"/>
        <location filename="../core/net/netsession.cpp" line="923"/>
        <location filename="../core/net/netsession.cpp" line="936"/>
        <source>the peer resumes a game this side does not have</source>
        <translation>l&apos;adversaire reprend une partie que ce camp n&apos;a pas</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="965"/>
        <source>choice-commit %1: not the choice committed before the drop</source>
        <translation>choice-commit %1 : pas le choix engagé avant la coupure</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="740"/>
        <source>command %1: not the command whose dice were rolled before the drop</source>
        <translation>commande %1 : pas la commande dont les dés ont été lancés avant la coupure</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="855"/>
        <source>a game of a masked lobby is played only masked</source>
        <translation>une partie issue d’un salon masqué ne se joue que masquée</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="857"/>
        <source>the lobby agreed on a masked game (commitments, not cards), and the peer&apos;s program does not mask hidden models: the game stops</source>
        <translation>le salon a convenu d’une partie masquée (des engagements, pas des cartes), et le programme de l’autre camp ne masque pas les figurines cachées : la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="906"/>
        <source>commitments: not the ones of the lobby</source>
        <translation>commitments : pas ceux du salon</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="908"/>
        <source>commitments: the peer commits to other models than in the lobby; the game stops</source>
        <translation>commitments : l’autre programme s’engage sur d’autres figurines que dans le salon ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1078"/>
        <source>dice-commit %1: not the dice committed to before the drop</source>
        <translation>dice-commit %1 : pas les dés engagés avant la coupure</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1187"/>
        <source>desync after command %1</source>
        <translation>désynchronisation après la commande %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1221"/>
        <source>a masked game (v1.2.4 hidden models) resumes only where hidden models are masked (jwfleet-cli net-host and net-join)</source>
        <translation>une partie masquée (figurines cachées de la v1.2.4) ne reprend que là où les figurines cachées sont masquées (jwfleet-cli net-host et net-join)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1277"/>
        <source>desync at command %1</source>
        <translation>désynchronisation à la commande %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1361"/>
        <source>cannot reveal the dice of command %1</source>
        <translation>impossible de révéler les dés de la commande %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1392"/>
        <source>cannot reveal sealed choice %1</source>
        <translation>impossible de révéler le choix scellé %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1617"/>
        <location filename="../core/net/netsession.cpp" line="1659"/>
        <location filename="../core/net/netsession.cpp" line="1699"/>
        <source>command %1: every hidden model of ours is revealed with it (%2)</source>
        <translation>commande %1 : toutes nos figurines cachées sont révélées avec elle (%2)</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1894"/>
        <location filename="../core/net/netsession.cpp" line="1635"/>
        <location filename="../core/net/netsession.cpp" line="1638"/>
        <source>reveal %1: %2</source>
        <translation>révélation %1 : %2</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1645"/>
        <source>command %1 refused by the masked game: %2; the game stops</source>
        <translation>commande %1 refusée par la partie masquée : %2 ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1741"/>
        <source>%1: the peer&apos;s hidden model is refused; the game stops</source>
        <translation>%1 : la figurine cachée de l’autre programme est refusée ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="131"/>
        <source>the masked game does not replay with the cards revealed: %1; the game stops</source>
        <translation>la partie masquée ne se rejoue pas avec les cartes révélées : %1 ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1787"/>
        <location filename="../core/net/netsession.cpp" line="1791"/>
        <source>the fleets revealed at the end are not the agreed ones; the game stops</source>
        <translation>les flottes révélées à la fin ne sont pas celles convenues ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1800"/>
        <source>the masked game does not end as the whole game replayed from the agreed setup (%1); the game stops</source>
        <translation>la partie masquée ne finit pas comme la partie entière rejouée depuis la mise en place convenue (%1) ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1766"/>
        <source>the masked game is over: every model revealed, the whole game replayed and the same</source>
        <translation>la partie masquée est terminée : chaque figurine révélée, la partie entière rejouée et identique</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="598"/>
        <source>a spectator only watches</source>
        <translation>un spectateur ne fait que regarder</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="604"/>
        <source>this connection watches the lobby: only club-list or bye, not %1</source>
        <translation>cette connexion observe le salon : seulement club-list ou bye, pas %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="831"/>
        <source>the created game</source>
        <translation>la partie créée</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="836"/>
        <source>club-create: the game has commands already: not a new game</source>
        <translation>club-create : la partie a déjà des commandes : ce n&apos;est pas une nouvelle partie</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="841"/>
        <source>club-create: a game of a physical table (dice typed in) cannot be played on a club server</source>
        <translation>club-create : une partie sur table réelle (dés saisis) ne peut pas se jouer sur un serveur de club</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="856"/>
        <source>club-create: a masked game&apos;s fleet must be %1 stand-ins (one a commitment) and nothing else of its models; it has %2 entries</source>
        <translation>club-create : la flotte d’une partie masquée doit compter %1 figurines de substitution (une par engagement) et rien d’autre de ses figurines ; elle a %2 entrées</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="893"/>
        <source>club-join: no open game %1</source>
        <translation>club-join : pas de partie ouverte %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="896"/>
        <location filename="../core/net/netlobby.cpp" line="208"/>
        <location filename="../core/net/netlobby.cpp" line="449"/>
        <source>the joiner&apos;s fleet</source>
        <translation>la flotte de celui qui rejoint</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="907"/>
        <source>club-join: game %1 is masked (its creator&apos;s fleet came as commitments): only a program that masks hidden models can join it</source>
        <translation>club-join : la partie %1 est masquée (la flotte de son créateur est venue en engagements) : seul un programme qui masque les figurines cachées peut la rejoindre</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="920"/>
        <source>club-join: a masked join&apos;s fleet must be %1 stand-ins (one a commitment) and nothing else of its models; it has %2 entries</source>
        <translation>club-join : la flotte d’une demande masquée doit compter %1 figurines de substitution (une par engagement) et rien d’autre de ses figurines ; elle a %2 entrées</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="940"/>
        <source>club-join: the club&apos;s units have no &apos;%1&apos;</source>
        <translation>club-join : les unités du club n&apos;ont pas de &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="955"/>
        <source>club-join: %1</source>
        <translation>club-join : %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1011"/>
        <source>club-watch: no game %1 under way</source>
        <translation>club-watch : pas de partie %1 en cours</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1083"/>
        <source>club-rejoin: game %1 is not waiting for its players</source>
        <translation>club-rejoin : la partie %1 n&apos;attend pas ses joueurs</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1091"/>
        <source>club-rejoin: not the token of seat %1 of game %2</source>
        <translation>club-rejoin : ce n&apos;est pas le jeton de la place %1 de la partie %2</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1097"/>
        <source>club-rejoin: player %1 of game %2 is here already</source>
        <translation>club-rejoin : le joueur %1 de la partie %2 est déjà là</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1117"/>
        <source>this club server expects club-list, club-create or club-join first, not %1</source>
        <translation>ce serveur de club attend d&apos;abord club-list, club-create ou club-join, pas %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1147"/>
        <source>game %1 has no second player yet: unexpected %2</source>
        <translation>la partie %1 n&apos;a pas encore de second joueur : %2 inattendu</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1156"/>
        <location filename="../core/net/clubserver.cpp" line="1889"/>
        <source>unexpected %1 (seq %2) from player %3 now</source>
        <translation>%1 inattendu (seq %2) du joueur %3 à ce moment</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1168"/>
        <source>hello: this connection plays side %1, not %2</source>
        <translation>hello : cette connexion joue le camp %1, pas %2</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1172"/>
        <source>hello: not this game&apos;s setup</source>
        <translation>hello : ce n&apos;est pas la configuration de cette partie</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1296"/>
        <location filename="../core/net/netsession.cpp" line="948"/>
        <source>dice-reveal 0: the nonce does not match its commitment</source>
        <translation>dice-reveal 0 : le nonce ne correspond pas à son engagement</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1319"/>
        <location filename="../core/net/netsession.cpp" line="958"/>
        <source>choice-commit %1: secret choices are not sealed in this game</source>
        <translation>choice-commit %1 : les choix secrets ne sont pas scellés dans cette partie</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1327"/>
        <source>choice-commit %1: not the choice committed before the pause</source>
        <translation>choice-commit %1 : ce n&apos;est pas le choix engagé avant la pause</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1334"/>
        <source>choice-commit %1: the question asked now is not a secret choice the other player answers next</source>
        <translation>choice-commit %1 : la question posée maintenant n&apos;est pas un choix secret auquel l&apos;autre joueur répond ensuite</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1359"/>
        <source>command %1: a sealed choice was committed: it is committed again and revealed, not sent in clear</source>
        <translation>command %1 : un choix scellé a été engagé : il est engagé de nouveau puis révélé, pas envoyé en clair</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="970"/>
        <source>choice-commit %1: the peer commits to another secret choice than the one it committed to before the connection dropped; the game stops</source>
        <translation>choice-commit %1 : l&apos;adversaire s&apos;engage sur un autre choix secret que celui d&apos;avant la coupure de la connexion ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="980"/>
        <source>choice-commit %1: the question asked now is not a secret choice answered next by this side</source>
        <translation>choice-commit %1 : la question posée maintenant n&apos;est pas un choix secret auquel ce camp répond ensuite</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="987"/>
        <source>command %1 is the peer&apos;s sealed secret choice: our answer comes next</source>
        <translation>la commande %1 est le choix secret scellé de l&apos;adversaire : notre réponse vient ensuite</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="998"/>
        <source>command %1: reveals or a sealed command in a game that is not masked</source>
        <translation>commande %1 : des révélations ou une commande scellée dans une partie qui n’est pas masquée</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="338"/>
        <source>reveal of model %1: no hidden model of the other player has this number</source>
        <translation>révélation de la figurine %1 : aucune figurine cachée de l’autre joueur n’a ce numéro</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="344"/>
        <source>reveal of model %1: the model is known already</source>
        <translation>révélation de la figurine %1 : la figurine est déjà connue</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="347"/>
        <source>reveal of model %1: the entry does not match its commitment: refused</source>
        <translation>révélation de la figurine %1 : l’entrée ne correspond pas à son engagement : refusée</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="357"/>
        <source>reveal of model %1: the unit card cannot be read (%2)</source>
        <translation>révélation de la figurine %1 : la carte d’unité ne peut pas être lue (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="363"/>
        <source>reveal of model %1: a stand-in is not a unit card</source>
        <translation>révélation de la figurine %1 : un substitut n’est pas une carte d’unité</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="398"/>
        <source>reveal of sealed command %1: no command of this number is sealed</source>
        <translation>révélation de la commande scellée %1 : aucune commande de ce numéro n’est scellée</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="403"/>
        <source>reveal of sealed command %1: the command does not match its commitment: refused</source>
        <translation>révélation de la commande scellée %1 : la commande ne correspond pas à son engagement : refusée</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="410"/>
        <source>reveal of sealed command %1: not the Embark of the model it sealed</source>
        <translation>révélation de la commande scellée %1 : pas l’Embarquement de la figurine qu’elle a scellée</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="468"/>
        <location filename="../core/net/clubserver.cpp" line="1843"/>
        <location filename="../core/net/netsession.cpp" line="1010"/>
        <source>command %1: %2</source>
        <translation>commande %1 : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="471"/>
        <source>command %1: %2 dice left over: the game is not the owner&apos;s</source>
        <translation>commande %1 : %2 dés en trop : la partie n’est pas celle du propriétaire</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="598"/>
        <source>refused</source>
        <translation>refusée</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="614"/>
        <source>the viewer&apos;s %1 would differ</source>
        <translation>chez l’observateur, %1 serait différent</translation>
    </message>
    <message>
        <location filename="../core/engine/maskedview.cpp" line="459"/>
        <location filename="../core/net/clubserver.cpp" line="1853"/>
        <location filename="../core/net/netsession.cpp" line="1023"/>
        <source>command %1: a commitment with a command that is not a sealed Embark</source>
        <translation>commande %1 : un engagement avec une commande qui n’est pas un Embarquement scellé</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1053"/>
        <source>command %1: the peer&apos;s secret choice was committed before the connection dropped: it is committed again and revealed, not sent in clear</source>
        <translation>commande %1 : le choix secret de l&apos;adversaire a été engagé avant la coupure de la connexion : il est engagé à nouveau puis révélé, pas envoyé en clair</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="745"/>
        <source>command %1: the peer plays another command than the one whose dice were being rolled when the connection dropped (it had seen them); the game stops</source>
        <translation>commande %1 : l&apos;autre joueur joue une autre commande que celle dont les dés étaient lancés quand la connexion a été coupée (il les avait vus) ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1084"/>
        <source>dice-commit %1: the peer commits to other dice than the ones it committed to before the connection dropped (it had seen them); the game stops</source>
        <translation>dice-commit %1 : l&apos;autre joueur s&apos;engage sur d&apos;autres dés que ceux sur lesquels il s&apos;était engagé avant la coupure (il les avait vus) ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1393"/>
        <location filename="../core/net/netsession.cpp" line="1116"/>
        <source>dice-reveal %1: the nonce does not match its commitment</source>
        <translation>dice-reveal %1 : le nonce ne correspond pas à son engagement</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1133"/>
        <source>command %1 out of turn</source>
        <translation>commande %1 hors de son tour</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1426"/>
        <location filename="../core/net/netsession.cpp" line="1156"/>
        <source>choice-reveal %1: the revealed choice does not match its commitment</source>
        <translation>choice-reveal %1 : le choix révélé ne correspond pas à son engagement</translation>
    </message>
    <message>
        <location filename="../core/net/clubserver.cpp" line="1434"/>
        <location filename="../core/net/netsession.cpp" line="1165"/>
        <source>choice-reveal %1: a sealed choice rolls no dice</source>
        <translation>choice-reveal %1 : un choix scellé ne lance aucun dé</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1173"/>
        <source>%1: the peer&apos;s sealed secret choice is refused; the game stops</source>
        <translation>%1 : le choix secret scellé de l&apos;adversaire est refusé ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1190"/>
        <source>desync after command %1: the peer&apos;s state (hash %2) is not ours (hash %3); the game stops</source>
        <translation>désynchronisation après la commande %1 : l&apos;état de l&apos;adversaire (hash %2) n&apos;est pas le nôtre (hash %3) ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1244"/>
        <location filename="../core/net/maskedresume.cpp" line="385"/>
        <source>the saved game is not this game (another setup)</source>
        <translation>la partie enregistrée n&apos;est pas cette partie (autre mise en place)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1273"/>
        <source>resuming after command %1 (the peer had %2)</source>
        <translation>reprise après la commande %1 (l&apos;adversaire en avait %2)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1279"/>
        <source>cannot resume: after command %1 the peer&apos;s state is not ours (desync)</source>
        <translation>reprise impossible : après la commande %1, l&apos;état de l&apos;adversaire n&apos;est pas le nôtre (désynchronisation)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1291"/>
        <location filename="../core/net/netsession.cpp" line="1310"/>
        <source>cannot resume: %1</source>
        <translation>reprise impossible : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1294"/>
        <source>back to command %1, the last agreed (command %2 was not)</source>
        <translation>retour à la commande %1, la dernière convenue (la commande %2 ne l&apos;était pas)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1299"/>
        <source>resuming after command %1</source>
        <translation>reprise après la commande %1</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1363"/>
        <source>cannot resume: the dice of command %1 were committed to, and this saved game lacks the nonce to reveal them</source>
        <translation>reprise impossible : les dés de la commande %1 ont fait l&apos;objet d&apos;un engagement, et il manque à cette partie sauvegardée le nonce pour les révéler</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1376"/>
        <source>command %1: its dice were being rolled when the connection dropped; committed to the same dice again</source>
        <translation>commande %1 : ses dés étaient lancés quand la connexion a été coupée ; nouvel engagement sur les mêmes dés</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1397"/>
        <source>cannot resume: command %1 is our sealed secret choice, and it cannot be revealed here (%2)</source>
        <translation>reprise impossible : la commande %1 est notre choix secret scellé, et il ne peut pas être révélé ici (%2)</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1402"/>
        <source>this saved game lacks it</source>
        <translation>cette partie enregistrée ne le contient pas</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1403"/>
        <source>the peer does not seal choices now</source>
        <translation>l&apos;adversaire ne scelle plus les choix</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1410"/>
        <source>command %1: our sealed secret choice committed again</source>
        <translation>commande %1 : notre choix secret scellé est engagé à nouveau</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1428"/>
        <source>the sealed secret choice is refused: %1: %2; the game stops</source>
        <translation>le choix secret scellé est refusé : %1 : %2 ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1450"/>
        <source>the answer to a sealed choice is refused: %1; the game stops</source>
        <translation>la réponse à un choix scellé est refusée : %1 ; la partie s&apos;arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1530"/>
        <source>command refused: %1: %2</source>
        <translation>commande refusée : %1 : %2</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1547"/>
        <source>after command %1 the masked game is not its record (a fault of this program); the game stops</source>
        <translation>après la commande %1, la partie masquée ne correspond pas à son enregistrement (une faute de ce programme) ; la partie s’arrête</translation>
    </message>
    <message>
        <location filename="../core/net/netsession.cpp" line="1567"/>
        <source>the game is over</source>
        <translation>la partie est terminée</translation>
    </message>
    <message>
        <location filename="../core/net/lobbyconnection.cpp" line="28"/>
        <source>cannot connect to %1: %2</source>
        <translation>connexion impossible (%1) : %2</translation>
    </message>
    <message>
        <location filename="../core/net/lobbyconnection.cpp" line="33"/>
        <source>%1 closed the connection</source>
        <translation>%1 a fermé la connexion</translation>
    </message>
    <message>
        <location filename="../core/net/lobbyconnection.cpp" line="94"/>
        <location filename="../core/net/lobbyconnection.cpp" line="100"/>
        <source>%1&apos;s answer: %2</source>
        <translation>réponse (%1) : %2</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="25"/>
        <source>the joiner said nothing within %1 ms</source>
        <translation>le joueur qui rejoint n&apos;a rien envoyé en %1 ms</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="28"/>
        <source>the host did not answer within %1 ms</source>
        <translation>l&apos;hôte n&apos;a pas répondu en %1 ms</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="50"/>
        <source>cannot listen on port %1: %2</source>
        <translation>impossible d&apos;écouter sur le port %1 : %2</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="115"/>
        <source>cannot connect to the host: %1</source>
        <translation>connexion à l&apos;hôte impossible : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="194"/>
        <source>this host expects a join (a player&apos;s name and fleet) first, not %1</source>
        <translation>cet hôte attend d&apos;abord un join (le nom et la flotte d&apos;un joueur), pas %1</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="217"/>
        <location filename="../core/net/netlobby.cpp" line="468"/>
        <source>the host refused the fleet</source>
        <translation>l&apos;hôte a refusé la flotte</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="308"/>
        <source>the host</source>
        <translation>l&apos;hôte</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="394"/>
        <source>this side&apos;s fleet uses the unit &apos;%1&apos;, which the unit database does not have</source>
        <translation>la flotte de ce camp utilise l’unité &apos;%1&apos;, que la base d’unités ne contient pas</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="443"/>
        <location filename="../core/net/netlobby.cpp" line="475"/>
        <source>this game is not masked: join with the fleet in clear</source>
        <translation>cette partie n’est pas masquée : rejoignez-la avec la flotte en clair</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="457"/>
        <source>a masked join: the fleet must be %1 stand-ins (one a commitment) and nothing else of its models; it has %2 entries</source>
        <translation>une demande masquée : la flotte doit compter %1 figurines de substitution (une par engagement) et rien d’autre de ses figurines ; elle a %2 entrées</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="496"/>
        <source>the host&apos;s game is not a masked game of this side&apos;s fleet as it was offered (its models as stand-ins)</source>
        <translation>la partie de l’hôte n’est pas une partie masquée de la flotte de ce camp telle qu’elle a été proposée (ses figurines en substitution)</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="528"/>
        <source>the host refused: %1</source>
        <translation>l&apos;hôte a refusé : %1</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="532"/>
        <source>the host answered %1, not the game</source>
        <translation>l&apos;hôte a répondu %1, pas la partie</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="535"/>
        <source>the host&apos;s game</source>
        <translation>la partie de l&apos;hôte</translation>
    </message>
    <message>
        <location filename="../core/net/netlobby.cpp" line="540"/>
        <source>the host&apos;s game has commands already: not a new game</source>
        <translation>la partie de l&apos;hôte a déjà des commandes : ce n&apos;est pas une nouvelle partie</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="22"/>
        <source>no open game on the server within %1 ms</source>
        <translation>aucune partie ouverte sur le serveur en %1 ms</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="25"/>
        <source>the server did not answer within %1 ms</source>
        <translation>le serveur n&apos;a pas répondu en %1 ms</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="161"/>
        <source>the club server</source>
        <translation>le serveur de club</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="270"/>
        <source>the club server stopped: %1</source>
        <translation>le serveur du club s&apos;est arrêté : %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="272"/>
        <source>the club server refused: %1</source>
        <translation>le serveur de club a refusé : %1</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="284"/>
        <source>the club server answered club-created unasked</source>
        <translation>le serveur de club a répondu club-created sans qu&apos;on le lui demande</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="306"/>
        <source>the club server answered club-games unasked</source>
        <translation>le serveur de club a répondu club-games sans qu&apos;on le lui demande</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="310"/>
        <source>the club server sent a seat unasked</source>
        <translation>le serveur de club a envoyé une place sans qu&apos;on la lui demande</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="317"/>
        <source>the club server sent a game unasked</source>
        <translation>le serveur de club a envoyé une partie sans qu&apos;on la lui demande</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="319"/>
        <source>the club server&apos;s game</source>
        <translation>la partie du serveur de club</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="324"/>
        <source>the club server&apos;s game has commands already</source>
        <translation>la partie du serveur de club a déjà des commandes</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="337"/>
        <source>the club server&apos;s game is not a masked game of this side&apos;s fleet as it was offered (its models as stand-ins)</source>
        <translation>la partie du serveur de club n’est pas une partie masquée de la flotte de ce camp telle qu’elle a été proposée (ses figurines en substitution)</translation>
    </message>
    <message>
        <location filename="../core/net/clubclient.cpp" line="351"/>
        <source>the club server answered %1</source>
        <translation>le serveur de club a répondu %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="81"/>
        <source>player %1</source>
        <translation>joueur %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="82"/>
        <source>the player</source>
        <translation>le joueur</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="83"/>
        <source>player &apos;%1&apos;</source>
        <translation>joueur &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="98"/>
        <source>saved again</source>
        <translation>enregistré à nouveau</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="118"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1615"/>
        <source>name &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>nom &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="121"/>
        <source>faction &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>faction &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="124"/>
        <source>fleet name &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>nom de flotte &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="127"/>
        <source>roster %1 → %2 units</source>
        <translation>registre %1 → %2 unités</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="131"/>
        <source>roster entries changed (damage, battles or units)</source>
        <translation>entrées du registre modifiées (dégâts, batailles ou unités)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="133"/>
        <source>%1 was changed by someone else since it was read (revision %2, now %3): %4</source>
        <translation>%1 a été modifié par quelqu&apos;un d&apos;autre depuis sa lecture (révision %2, maintenant %3) : %4</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="161"/>
        <source>fleet name</source>
        <translation>nom de flotte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="162"/>
        <source>rules profile</source>
        <translation>profil de règles</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="164"/>
        <source>victory points of side 1</source>
        <translation>Points de Victoire du camp 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="165"/>
        <source>victory points of side 2</source>
        <translation>Points de Victoire du camp 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="166"/>
        <source>objective points of side 1</source>
        <translation>Points d&apos;Objectif du camp 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="167"/>
        <source>objective points of side 2</source>
        <translation>Points d&apos;Objectif du camp 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="168"/>
        <source>fleet of side 1</source>
        <translation>flotte du camp 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="169"/>
        <source>fleet of side 2</source>
        <translation>flotte du camp 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="170"/>
        <source>player of side 1</source>
        <translation>joueur du camp 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="171"/>
        <source>player of side 2</source>
        <translation>joueur du camp 2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="172"/>
        <source>objective point cost</source>
        <translation>coût en Points d&apos;Objectif</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="183"/>
        <source>is empty</source>
        <translation>est vide</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="207"/>
        <source>is not a date (YYYY-MM-DD)</source>
        <translation>n&apos;est pas une date (AAAA-MM-JJ)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="217"/>
        <source>names an unknown rating &apos;%1&apos; (%2)</source>
        <translation>nomme une caractéristique inconnue &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="239"/>
        <source>fleet name %1</source>
        <translation>nom de flotte %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="244"/>
        <source>unit name %1</source>
        <translation>nom d&apos;unité %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="248"/>
        <source>upgrade %1</source>
        <translation>amélioration %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="295"/>
        <source>is the player of side 1 too: a battle is between two different players</source>
        <translation>est aussi le joueur du camp 1 : une bataille oppose deux joueurs différents</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="323"/>
        <source>must be side 0, side 1 or -1 (a draw), not %1</source>
        <translation>doit être le camp 0, le camp 1 ou -1 (match nul), pas %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="333"/>
        <source>must be %1, not &apos;%2&apos;</source>
        <translation>doit être %1, pas &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="383"/>
        <source>holds %1: a die shows 1 to 6</source>
        <translation>contient %1 : un dé affiche 1 à 6</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="394"/>
        <source>%1: %2 %3</source>
        <translation>%1 : %2 %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="424"/>
        <source>%1: table %2, row %3, column %4: %5 (the row was not written by jwfleet or was changed by hand; fix or remove it with an SQL client, nothing was changed)</source>
        <translation>%1 : table %2, ligne %3, colonne %4 : %5 (la ligne n&apos;a pas été écrite par jwfleet ou a été modifiée à la main ; corrigez-la ou supprimez-la avec un client SQL, rien n&apos;a été modifié)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="446"/>
        <location filename="../core/campaign/campaignstore.cpp" line="478"/>
        <source>is NULL</source>
        <translation>est NULL</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="451"/>
        <source>&apos;%1&apos; is not a whole number</source>
        <translation>&apos;%1&apos; n&apos;est pas un nombre entier</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="455"/>
        <source>%1 is not from %2 to %3</source>
        <translation>%1 n&apos;est pas entre %2 et %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="487"/>
        <source>&apos;%1&apos; is not a date (YYYY-MM-DD)</source>
        <translation>&apos;%1&apos; n&apos;est pas une date (AAAA-MM-JJ)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="497"/>
        <source>is not JSON (%1)</source>
        <translation>n&apos;est pas du JSON (%1)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="501"/>
        <source>is not a JSON list</source>
        <translation>n&apos;est pas une liste JSON</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="502"/>
        <source>is not a JSON object</source>
        <translation>n&apos;est pas un objet JSON</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="514"/>
        <source>%1 is not a number of boxes from 0 to %2</source>
        <translation>%1 n&apos;est pas un nombre de cases de 0 à %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="527"/>
        <source>holds something other than text</source>
        <translation>contient autre chose que du texte</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="540"/>
        <source>&apos;%1&apos; is not %2</source>
        <translation>&apos;%1&apos; n&apos;est pas %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="564"/>
        <source>no database given</source>
        <translation>aucune base de données indiquée</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="572"/>
        <source>not a PostgreSQL URL: &apos;%1&apos; (postgresql://user:password@host:port/database)</source>
        <translation>pas une URL PostgreSQL : &apos;%1&apos; (postgresql://user:password@host:port/database)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="587"/>
        <source>the PostgreSQL URL names no database: &apos;%1&apos;</source>
        <translation>l&apos;URL PostgreSQL ne nomme aucune base de données : &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="602"/>
        <source>unknown database URL &apos;%1&apos;: use a file path, sqlite:///path or postgresql://user:password@host:port/database</source>
        <translation>URL de base de données inconnue &apos;%1&apos; : utilisez un chemin de fichier, sqlite:///path ou postgresql://user:password@host:port/database</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="613"/>
        <source>the SQLite URL names no file</source>
        <translation>l&apos;URL SQLite ne nomme aucun fichier</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="704"/>
        <source>%1: no id returned</source>
        <translation>%1 : aucun identifiant renvoyé</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="737"/>
        <source>the campaign is busy with other writers (tried %1 times; last: %2): nothing was written, run it again</source>
        <translation>la campagne est occupée par d&apos;autres écritures (%1 essais ; dernier : %2) : rien n&apos;a été écrit, recommencez</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="829"/>
        <source>%1: this campaign database has schema version %2, newer than this program knows (%3); it was written by a newer jwfleet: update jwfleet to open it (the database was not changed)</source>
        <translation>%1 : cette base de données de campagne a la version de schéma %2, plus récente que celle que connaît ce programme (%3) ; elle a été écrite par un jwfleet plus récent : mettez jwfleet à jour pour l&apos;ouvrir (la base de données n&apos;a pas été modifiée)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="873"/>
        <source>%1 holds no campaign yet: create one first (jwfleet-cli campaign create)</source>
        <translation>%1 ne contient encore aucune campagne : créez-en une d&apos;abord (jwfleet-cli campaign create)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="882"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1576"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1594"/>
        <source>the campaign</source>
        <translation>la campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="966"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1253"/>
        <source>no player with id %1 in this campaign</source>
        <translation>aucun joueur avec l&apos;identifiant %1 dans cette campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="982"/>
        <source>a player needs a name</source>
        <translation>un joueur doit avoir un nom</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="988"/>
        <source>there is already a player named &apos;%1&apos; in this campaign</source>
        <translation>il y a déjà un joueur nommé &apos;%1&apos; dans cette campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1001"/>
        <source>roster entry %1 of player %2</source>
        <translation>entrée %1 du registre du joueur %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1083"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1731"/>
        <source>%1 was removed by someone else</source>
        <translation>%1 a été retiré par quelqu&apos;un d&apos;autre</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1140"/>
        <source>names no player (%1)</source>
        <translation>ne nomme aucun joueur (%1)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1151"/>
        <source>is not a fleet: %1</source>
        <translation>n&apos;est pas une flotte : %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1221"/>
        <source>no battle with id %1 in this campaign</source>
        <translation>aucune bataille avec l&apos;identifiant %1 dans cette campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1231"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1778"/>
        <source>the battle needs a date</source>
        <translation>la bataille doit avoir une date</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1235"/>
        <source>winner must be side 0, side 1 or -1 (a draw), not %1</source>
        <translation>le vainqueur doit être le camp 0, le camp 1 ou -1 (match nul), pas %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1241"/>
        <source>side %1</source>
        <translation>camp %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1266"/>
        <source>an outcome&apos;s side must be 0 or 1</source>
        <translation>le camp d&apos;un résultat doit être 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1271"/>
        <source>outcome for entry %1 of side %2: the fleet has %3 entries</source>
        <translation>résultat pour l&apos;entrée %1 du camp %2 : la flotte a %3 entrées</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1278"/>
        <source>two outcomes for entry %1 of side %2</source>
        <translation>deux résultats pour l&apos;entrée %1 du camp %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1303"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1799"/>
        <source>battle %1</source>
        <translation>bataille %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1304"/>
        <source>the battle</source>
        <translation>la bataille</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1307"/>
        <source>%1, unit %2 of side %3</source>
        <translation>%1, unité %2 du camp %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1358"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1366"/>
        <source>battle %1 was changed or removed by someone else</source>
        <translation>la bataille %1 a été modifiée ou supprimée par quelqu&apos;un d&apos;autre</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1394"/>
        <source>holds something other than a die</source>
        <translation>contient autre chose qu&apos;un dé</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1407"/>
        <source>the repair</source>
        <translation>la réparation</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1488"/>
        <source>the Qt SQL driver %1 is not installed (Debian: %2)</source>
        <translation>le pilote Qt SQL %1 n&apos;est pas installé (Debian : %2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1504"/>
        <source>%1: no campaign database there</source>
        <translation>%1 : aucune base de données de campagne à cet endroit</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1525"/>
        <source>%1: cannot open the database: %2</source>
        <translation>%1 : impossible d&apos;ouvrir la base de données : %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1568"/>
        <source>%1 already holds a campaign (&apos;%2&apos;)</source>
        <translation>%1 contient déjà une campagne (&apos;%2&apos;)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1572"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1593"/>
        <source>a campaign needs a name</source>
        <translation>une campagne doit avoir un nom</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1618"/>
        <source>points %1 → %2</source>
        <translation>points %1 → %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1621"/>
        <source>rules %1 → %2</source>
        <translation>règles %1 → %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1627"/>
        <source>house rule %1 changed</source>
        <translation>règle maison %1 modifiée</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1631"/>
        <source>the campaign settings were changed by someone else since they were read (revision %1, now %2): %3</source>
        <translation>les réglages de la campagne ont été modifiés par quelqu&apos;un d&apos;autre depuis leur lecture (révision %1, maintenant %2) : %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1700"/>
        <source>only a removed player can be restored</source>
        <translation>seul un joueur retiré peut être rétabli</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1703"/>
        <source>%1 is already in the campaign</source>
        <translation>%1 est déjà dans la campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1720"/>
        <source>%1 has played battles: a player with battles cannot be removed</source>
        <translation>%1 a joué des batailles : un joueur qui a des batailles ne peut pas être retiré</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1781"/>
        <source>winner must be 0, 1 or -1 (a draw)</source>
        <translation>le vainqueur doit être 0, 1 ou -1 (match nul)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1788"/>
        <location filename="../core/campaign/campaignstore.cpp" line="1819"/>
        <source>battle %1 was removed by someone else</source>
        <translation>la bataille %1 a été supprimée par quelqu&apos;un d&apos;autre</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1829"/>
        <source>date %1 → %2</source>
        <translation>date %1 → %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1832"/>
        <source>scenario &apos;%1&apos; → &apos;%2&apos;</source>
        <translation>scénario &apos;%1&apos; → &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1843"/>
        <source>points of side %1</source>
        <translation>points du camp %1</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1847"/>
        <source>battle %1 was changed by someone else since it was read (revision %2, now %3): %4</source>
        <translation>la bataille %1 a été modifiée par quelqu&apos;un d&apos;autre depuis sa lecture (révision %2, maintenant %3) : %4</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1881"/>
        <source>%1 has no roster entry %2</source>
        <translation>%1 n&apos;a pas d&apos;entrée de registre %2</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1905"/>
        <source>repair %1 was removed by someone else</source>
        <translation>la réparation %1 a été supprimée par quelqu&apos;un d&apos;autre</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1951"/>
        <source>%1 already holds a campaign (&apos;%2&apos;): import into a new database, or replace it</source>
        <translation>%1 contient déjà une campagne (&apos;%2&apos;) : importez dans une nouvelle base de données, ou remplacez-la</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1961"/>
        <source>the campaign has no name</source>
        <translation>la campagne n&apos;a pas de nom</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1968"/>
        <source>player &apos;%1&apos;: missing or duplicate id %2</source>
        <translation>joueur &apos;%1&apos; : identifiant %2 manquant ou en double</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1981"/>
        <source>player &apos;%1&apos;: roster entry &apos;%2&apos; has a missing or duplicate id %3</source>
        <translation>joueur &apos;%1&apos; : l&apos;entrée de registre &apos;%2&apos; a un identifiant %3 manquant ou en double</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1992"/>
        <source>battle with a missing or duplicate id %1</source>
        <translation>bataille avec un identifiant %1 manquant ou en double</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="1997"/>
        <source>battle %1 names player id %2, which is not in the campaign</source>
        <translation>la bataille %1 nomme l&apos;identifiant de joueur %2, qui n&apos;est pas dans la campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignstore.cpp" line="2008"/>
        <source>repair %1 names player id %2, which is not in the campaign</source>
        <translation>la réparation %1 nomme l&apos;identifiant de joueur %2, qui n&apos;est pas dans la campagne</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="34"/>
        <source>Objective Points</source>
        <translation>Points d&apos;Objectif</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="35"/>
        <source>Victory Points</source>
        <translation>Points de Victoire</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="37"/>
        <source>Victory Point difference</source>
        <translation>Différence de Points de Victoire</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="38"/>
        <source>Wins</source>
        <translation>Victoires</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="39"/>
        <source>Head-to-head</source>
        <translation>Confrontations directes</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="40"/>
        <source>Points destroyed</source>
        <translation>Points détruits</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="41"/>
        <source>Fewer battles</source>
        <translation>Moins de batailles</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="119"/>
        <source>must be a list of the two sides&apos; attack dice</source>
        <translation>doit être une liste des dés d&apos;attaque des deux camps</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="125"/>
        <source>side %1: must be {attacks, successes, expected_milli}</source>
        <translation>camp %1 : doit être {attacks, successes, expected_milli}</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="133"/>
        <source>side %1: unknown key &apos;%2&apos; (allowed: attacks, successes, expected_milli)</source>
        <translation>camp %1 : clé inconnue &apos;%2&apos; (permises : attacks, successes, expected_milli)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="145"/>
        <source>side %1: %2 must be a whole number from 0 to %3</source>
        <translation>camp %1 : %2 doit être un nombre entier de 0 à %3</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="430"/>
        <source>&apos;%1&apos; is on or off, not &apos;%2&apos;</source>
        <translation>&apos;%1&apos; vaut on ou off, pas &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="440"/>
        <source>&apos;%1&apos; is a whole number from %2 to %3, not &apos;%4&apos;</source>
        <translation>&apos;%1&apos; est un nombre entier de %2 à %3, pas &apos;%4&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="457"/>
        <source>&apos;repair&apos; is none, roll or cost, not &apos;%1&apos;</source>
        <translation>&apos;repair&apos; vaut none, roll ou cost, pas &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="481"/>
        <source>unknown tie-breaker &apos;%1&apos; (%2)</source>
        <translation>critère de départage inconnu &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="485"/>
        <source>tie-breaker &apos;%1&apos; given twice</source>
        <translation>critère de départage &apos;%1&apos; donné deux fois</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="492"/>
        <source>unknown campaign rule &apos;%1&apos; (%2)</source>
        <translation>règle de campagne inconnue &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="521"/>
        <source>&apos;%1&apos; is a list of names</source>
        <translation>&apos;%1&apos; est une liste de noms</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="532"/>
        <source>&apos;%1&apos; has a value of the wrong kind</source>
        <translation>&apos;%1&apos; a une valeur du mauvais type</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="558"/>
        <source>Damage carried over</source>
        <translation>Dégâts conservés</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="559"/>
        <source>Boxes marked at the end of a battle stay marked in the next one unless repaired.</source>
        <translation>Les cases cochées à la fin d&apos;une bataille restent cochées dans la suivante, sauf réparation.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="563"/>
        <source>Repairs between battles</source>
        <translation>Réparations entre les batailles</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="564"/>
        <source>Between battles a damaged unit may be repaired: a d6 a box (repair roll), or every box for Objective Points (repair cost).</source>
        <translation>Entre les batailles, une unité endommagée peut être réparée : un d6 par case (jet de réparation), ou toutes les cases contre des Points d&apos;Objectif (coût de réparation).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="569"/>
        <source>Captured ships change hands</source>
        <translation>Les vaisseaux capturés changent de camp</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="570"/>
        <source>A unit Captured at the end of a battle joins the captor&apos;s roster.</source>
        <translation>Une unité capturée à la fin d&apos;une bataille rejoint le registre de celui qui l&apos;a capturée.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="573"/>
        <source>Renowned veterans</source>
        <translation>Vétérans de Renommée</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="574"/>
        <source>A unit that survives a number of battles becomes Renowned (the rulebook trait).</source>
        <translation>Une unité qui survit à un certain nombre de batailles obtient Renommée (le trait du livre de règles).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="578"/>
        <source>Losses are permanent</source>
        <translation>Les pertes sont définitives</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaign.cpp" line="579"/>
        <source>A unit Destroyed in a battle leaves its player&apos;s roster.</source>
        <translation>Une unité Détruite au cours d&apos;une bataille quitte le registre de son joueur.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="84"/>
        <source>%1 was Destroyed and leaves %2&apos;s roster.</source>
        <translation>%1 a été Détruit et quitte le registre de %2.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="88"/>
        <source>%1 was Destroyed; it returns to %2&apos;s roster repaired (losses are not permanent).</source>
        <translation>%1 a été Détruit ; il revient réparé dans le registre de %2 (les pertes ne sont pas définitives).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="100"/>
        <source>%1 was Captured; it returns to %2 (captured ships do not change hands).</source>
        <translation>%1 a été capturé ; il revient à %2 (les vaisseaux capturés ne changent pas de camp).</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="110"/>
        <source>%1 carries %2 marked boxes into the next battle.</source>
        <translation>%1 emporte %2 cases cochées dans la prochaine bataille.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="116"/>
        <source>%1 is Renowned after surviving %2 battles.</source>
        <translation>%1 obtient Renommée après avoir survécu à %2 batailles.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="134"/>
        <source>%1 was Captured and joins %2&apos;s roster.</source>
        <translation>%1 a été capturé et rejoint le registre de %2.</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="159"/>
        <source>repairs are off in this campaign (house rule &apos;repair&apos;)</source>
        <translation>les réparations sont désactivées dans cette campagne (règle maison &apos;repair&apos;)</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="165"/>
        <source>%1 is no longer on the roster</source>
        <translation>%1 n&apos;est plus dans le registre</translation>
    </message>
    <message>
        <location filename="../core/campaign/campaignrules.cpp" line="170"/>
        <source>%1 has no damage to repair</source>
        <translation>%1 n&apos;a aucun dégât à réparer</translation>
    </message>
    <message>
        <location filename="../core/engine/game.cpp" line="259"/>
        <source>command %1 (%2) records die %3 showing %4: a die shows 1 to 6</source>
        <translation>la commande %1 (%2) enregistre le dé %3 montrant %4 : un dé montre 1 à 6</translation>
    </message>
    <message>
        <location filename="../core/engine/game.cpp" line="273"/>
        <source>command %1 (%2) is refused: %3</source>
        <translation>la commande %1 (%2) est refusée : %3</translation>
    </message>
    <message>
        <location filename="../core/engine/game.cpp" line="277"/>
        <source>command %1 (%2) rolled other dice than recorded: the rules or the units changed since the game was saved</source>
        <translation>la commande %1 (%2) a lancé d&apos;autres dés que ceux enregistrés : les règles ou les unités ont changé depuis l&apos;enregistrement de la partie</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="117"/>
        <source>&apos;turns&apos; must be from 1 to %1, not %2</source>
        <translation>&apos;turns&apos; doit être entre 1 et %1, pas %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="120"/>
        <source>&apos;initiative&apos; must be 0 or 1, not %1</source>
        <translation>&apos;initiative&apos; doit être 0 ou 1, pas %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="123"/>
        <source>typed dice are for a physical table (&apos;table: physical&apos;)</source>
        <translation>les dés saisis sont pour une table réelle (&apos;table: physical&apos;)</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="133"/>
        <source>player %1&apos;s fleet has %2 units, at most %3</source>
        <translation>la flotte du joueur %1 a %2 unités, au plus %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="139"/>
        <source>the unit card of &apos;%1&apos; is missing</source>
        <translation>la carte d&apos;unité de &apos;%1&apos; manque</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="142"/>
        <source>player %1&apos;s unit %2 is embarked on unit %3, which is not another unit of the fleet</source>
        <translation>l&apos;unité %2 du joueur %1 est embarquée sur l&apos;unité %3, qui n&apos;est pas une autre unité de la flotte</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="154"/>
        <source>&apos;start_turn&apos; must be from 1 to %1, not %2</source>
        <translation>&apos;start_turn&apos; doit être entre 1 et %1, pas %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="158"/>
        <source>&apos;start_phase&apos; must be deployment or activation, not &apos;%1&apos;</source>
        <translation>&apos;start_phase&apos; doit être deployment ou activation, pas &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="167"/>
        <source>start model %1</source>
        <translation>figurine de départ %1</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="170"/>
        <source>%1: &apos;player&apos; must be 0 or 1, not %2</source>
        <translation>%1 : &apos;player&apos; doit être 0 ou 1, pas %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="174"/>
        <source>%1: player %2&apos;s fleet has no unit %3</source>
        <translation>%1 : la flotte du joueur %2 n&apos;a pas d&apos;unité %3</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="177"/>
        <source>%1: unknown location &apos;%2&apos;</source>
        <translation>%1 : emplacement inconnu &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="181"/>
        <source>%1: the position must be finite numbers</source>
        <translation>%1 : la position doit être faite de nombres finis</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="183"/>
        <source>%1: no carrier %2</source>
        <translation>%1 : pas de porte-vaisseaux %2</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="186"/>
        <source>%1: no model %2 to assault</source>
        <translation>%1 : pas de figurine %2 à assaillir</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="190"/>
        <source>%1: &apos;boarders&apos; must be from 0 to 100</source>
        <translation>%1 : &apos;boarders&apos; doit être entre 0 et 100</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="194"/>
        <source>%1: &apos;%2&apos; boxes lost must be from 0 to 100</source>
        <translation>%1 : les cases perdues de &apos;%2&apos; doivent être entre 0 et 100</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="199"/>
        <source>%1: a weapon&apos;s damage must be from 0 to 100</source>
        <translation>%1 : les dégâts d&apos;une arme doivent être entre 0 et 100</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="204"/>
        <source>%1: trait &apos;%2&apos; boxes must be from 0 to 100</source>
        <translation>%1 : les cases du trait &apos;%2&apos; doivent être entre 0 et 100</translation>
    </message>
    <message>
        <location filename="../core/engine/gamesetup.cpp" line="208"/>
        <source>%1: unknown state &apos;%2&apos;</source>
        <translation>%1 : état inconnu &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="30"/>
        <source>&apos;%1&apos; is missing</source>
        <translation>&apos;%1&apos; manque</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="36"/>
        <source>&apos;%1&apos; must be a number</source>
        <translation>&apos;%1&apos; doit être un nombre</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="43"/>
        <source>&apos;%1&apos; must be between -%2 and %2</source>
        <translation>&apos;%1&apos; doit être entre -%2 et %2</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="57"/>
        <source>&apos;path&apos; must be a list of [x, y] points</source>
        <translation>&apos;path&apos; doit être une liste de points [x, y]</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="62"/>
        <source>&apos;path&apos; has more than %1 points</source>
        <translation>&apos;path&apos; a plus de %1 points</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="74"/>
        <source>&apos;path&apos; points must be [x, y]</source>
        <translation>les points de &apos;path&apos; doivent être [x, y]</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="277"/>
        <source>&apos;legs&apos; must be a list of {forward, turn}</source>
        <translation>&apos;legs&apos; doit être une liste de {forward, turn}</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="312"/>
        <source>&apos;option&apos; must be a number or &apos;default&apos;</source>
        <translation>&apos;option&apos; doit être un nombre ou &apos;default&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="373"/>
        <source>&apos;at&apos; is [x, y]</source>
        <translation>&apos;at&apos; est [x, y]</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="393"/>
        <source>&apos;faces&apos; must be a list of at most %1 die faces</source>
        <translation>&apos;faces&apos; doit être une liste d&apos;au plus %1 faces de dé</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="403"/>
        <source>&apos;faces&apos; are die faces, 1 to 6</source>
        <translation>&apos;faces&apos; sont des faces de dé, de 1 à 6</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="420"/>
        <source>&apos;%1&apos; must be a name of at most %2 characters</source>
        <translation>&apos;%1&apos; doit être un nom d&apos;au plus %2 caractères</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="436"/>
        <source>&apos;%1&apos; must be from %2 to %3</source>
        <translation>&apos;%1&apos; doit être entre %2 et %3</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="451"/>
        <source>&apos;command&apos; is missing</source>
        <translation>&apos;command&apos; manque</translation>
    </message>
    <message>
        <location filename="../core/engine/command.cpp" line="452"/>
        <source>unknown command &apos;%1&apos;</source>
        <translation>commande inconnue &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="406"/>
        <source>unknown terrain kind &apos;%1&apos;</source>
        <translation>type de terrain inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="412"/>
        <source>unknown table edge &apos;%1&apos;</source>
        <translation>bord de table inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="419"/>
        <source>%1 needs a shape</source>
        <translation>%1 a besoin d&apos;une forme</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="426"/>
        <source>a Comet needs a tail</source>
        <translation>une Comète a besoin d&apos;une queue</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="430"/>
        <source>the name %1</source>
        <translation>le nom %1</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="433"/>
        <source>&apos;owner&apos; must be 0 or 1</source>
        <translation>&apos;owner&apos; doit être 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="441"/>
        <source>&apos;structure&apos; must be from 1 to 20</source>
        <translation>&apos;structure&apos; doit être entre 1 et 20</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="447"/>
        <source>&apos;hangers&apos; must be from 0 to 20</source>
        <translation>&apos;hangers&apos; doit être entre 0 et 20</translation>
    </message>
    <message>
        <location filename="../core/engine/terrain/terrain.cpp" line="456"/>
        <source>station weapons are kinetic-cannon or beam-projector</source>
        <translation>les armes d&apos;une station sont kinetic-cannon ou beam-projector</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="167"/>
        <source>unit lacks &apos;%1&apos;</source>
        <translation>il manque &apos;%1&apos; à l&apos;unité</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="173"/>
        <source>unknown unit type &apos;%1&apos;</source>
        <translation>type d&apos;unité inconnu &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="208"/>
        <source>unknown weapon class &apos;%1&apos;</source>
        <translation>classe d&apos;arme inconnue &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../core/units/unitjson.cpp" line="255"/>
        <source>unit &apos;%1&apos;: %2</source>
        <translation>unité &apos;%1&apos; : %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="19"/>
        <source>&apos;%1&apos; has %2 boxes, at most %3</source>
        <translation>&apos;%1&apos; a %2 cases, au plus %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="28"/>
        <source>&apos;%1&apos; boxes must start at 1 and go up by 0 or 1</source>
        <translation>les cases de &apos;%1&apos; doivent commencer à 1 et monter de 0 ou 1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="37"/>
        <source>%1 has %2 traits, at most %3</source>
        <translation>%1 a %2 traits, au plus %3</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="41"/>
        <source>a trait name %1</source>
        <translation>un nom de trait %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="87"/>
        <source>&apos;sources&apos; key %1</source>
        <translation>la clé de &apos;sources&apos; %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="89"/>
        <source>&apos;sources&apos; of &apos;%1&apos;: %2</source>
        <translation>&apos;sources&apos; de &apos;%1&apos; : %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="92"/>
        <source>&apos;sources&apos; default: %1</source>
        <translation>&apos;sources&apos; default : %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="130"/>
        <source>%1 weapons, at most %2</source>
        <translation>%1 armes, au plus %2</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="134"/>
        <source>a weapon&apos;s &apos;name&apos; %1</source>
        <translation>le &apos;name&apos; d&apos;une arme %1</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="150"/>
        <source>the unit</source>
        <translation>l&apos;unité</translation>
    </message>
    <message>
        <location filename="../core/units/unitlimits.cpp" line="159"/>
        <source>&apos;base&apos; must be at most %1 inches a side</source>
        <translation>&apos;base&apos; doit mesurer au plus %1 pouces de côté</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="96"/>
        <source>a scenario</source>
        <translation>un Scénario</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="110"/>
        <source>schema_version %1 is newer than this program reads (%2)</source>
        <translation>schema_version %1 est plus récent que ce que ce programme sait lire (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="121"/>
        <source>&apos;id&apos; is lower-case letters, digits and &apos;-&apos; (&apos;%1&apos;)</source>
        <translation>&apos;id&apos; se compose de lettres minuscules, de chiffres et de &apos;-&apos; (&apos;%1&apos;)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="138"/>
        <source>unknown deployment_zone &apos;%1&apos; (standard, beacon, corner)</source>
        <translation>deployment_zone inconnue &apos;%1&apos; (standard, beacon, corner)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="151"/>
        <source>unknown deployment_type &apos;%1&apos; (fleet, escalating)</source>
        <translation>deployment_type inconnu &apos;%1&apos; (fleet, escalating)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="163"/>
        <source>unknown initiative &apos;%1&apos; (random, attacker-defender)</source>
        <translation>initiative inconnue &apos;%1&apos; (random, attacker-defender)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="175"/>
        <source>&apos;special_rules&apos; must be a list</source>
        <translation>&apos;special_rules&apos; doit être une liste</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="186"/>
        <source>&apos;objectives&apos; must be a list of objectives</source>
        <translation>&apos;objectives&apos; doit être une liste d&apos;Objectifs</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="199"/>
        <source>a special rule</source>
        <translation>une règle spéciale</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="216"/>
        <source>switch &apos;%1&apos; is set by two special rules</source>
        <translation>l&apos;option &apos;%1&apos; est fixée par deux règles spéciales</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="243"/>
        <source>a Defender needs &apos;initiative: attacker-defender&apos;</source>
        <translation>un Défenseur exige &apos;initiative: attacker-defender&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="248"/>
        <source>the Attacker chooses the edge: needs &apos;initiative: attacker-defender&apos;</source>
        <translation>l&apos;Attaquant choisit le bord : exige &apos;initiative: attacker-defender&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="258"/>
        <source>an objective</source>
        <translation>un Objectif</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="276"/>
        <source>unknown objective kind &apos;%1&apos; (known: %2)</source>
        <translation>type d&apos;Objectif inconnu &apos;%1&apos; (connus : %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="296"/>
        <source>unknown side &apos;%1&apos; (each, attacker, defender)</source>
        <translation>camp inconnu &apos;%1&apos; (each, attacker, defender)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="302"/>
        <source>side &apos;%1&apos; needs &apos;initiative: attacker-defender&apos;</source>
        <translation>le camp &apos;%1&apos; exige &apos;initiative: attacker-defender&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="316"/>
        <source>unknown &apos;on&apos; &apos;%1&apos; (withdrawn-capital-ships, capital-ships-in-play, squadrons-not-destroyed)</source>
        <translation>&apos;on&apos; inconnu &apos;%1&apos; (withdrawn-capital-ships, capital-ships-in-play, squadrons-not-destroyed)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="331"/>
        <source>%1 needs &apos;%2&apos; (%3)</source>
        <translation>%1 exige &apos;%2&apos; (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="337"/>
        <source>%1 needs a special rule with &apos;%2: true&apos;</source>
        <translation>%1 exige une règle spéciale avec &apos;%2: true&apos;</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="343"/>
        <source>where the pods count</source>
        <translation>où les capsules de sauvetage comptent</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="348"/>
        <source>the water units</source>
        <translation>les unités d&apos;eau</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="359"/>
        <source>the share of the points</source>
        <translation>la part des points</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="366"/>
        <source>&apos;percent&apos; is at most 100</source>
        <translation>&apos;percent&apos; vaut au plus 100</translation>
    </message>
    <message>
        <location filename="../core/engine/scenario.cpp" line="370"/>
        <source>&apos;by_turn&apos; %1 is after the last turn (%2)</source>
        <translation>&apos;by_turn&apos; %1 est après le dernier Tour (%2)</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="86"/>
        <source>reveal of model %1: no model of a fleet has this number</source>
        <translation>révélation de la figurine %1 : aucune figurine d’une flotte n’a ce numéro</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="101"/>
        <source>command %1 is not the sealed Embark of the record</source>
        <translation>la commande %1 n’est pas l’Embarquement scellé du relevé</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="154"/>
        <source>no start exchange</source>
        <translation>aucun échange de départ</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="213"/>
        <location filename="../core/net/maskedresume.cpp" line="345"/>
        <source>the masked game does not replay from its record: %1; it cannot resume</source>
        <translation>la partie masquée ne se rejoue pas à partir de son relevé : %1 ; elle ne peut pas reprendre</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="221"/>
        <source>the saved game has no record of a masked game</source>
        <translation>la partie enregistrée n’a pas de relevé de partie masquée</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="227"/>
        <source>%1 commitments for %2 models</source>
        <translation>%1 engagements pour %2 figurines</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="266"/>
        <location filename="../core/net/maskedresume.cpp" line="444"/>
        <source>the card of model %1, revealed with command %2, is not in the saved game</source>
        <translation>la carte de la figurine %1, révélée avec la commande %2, n’est pas dans la partie enregistrée</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="277"/>
        <location filename="../core/net/maskedresume.cpp" line="458"/>
        <source>sealed Embark %1: revealed, and not in the saved game</source>
        <translation>Embarquement scellé %1 : révélé, et absent de la partie enregistrée</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="326"/>
        <location filename="../core/net/maskedresume.cpp" line="523"/>
        <source>after command %1 the game is not its masked game</source>
        <translation>après la commande %1, la partie n’est pas sa partie masquée</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="352"/>
        <source>the saved game is a masked game (v1.2.4 hidden models) and lacks this side&apos;s secrets (the nonces of its models): it cannot resume</source>
        <translation>la partie enregistrée est une partie masquée (figurines cachées de la v1.2.4) et il lui manque les secrets de ce camp (les nonces de ses figurines) : elle ne peut pas reprendre</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="377"/>
        <source>the saved game&apos;s secrets are not those of this side&apos;s models (their commitments differ): it cannot resume</source>
        <translation>les secrets de la partie enregistrée ne sont pas ceux des figurines de ce camp (leurs engagements diffèrent) : elle ne peut pas reprendre</translation>
    </message>
    <message>
        <location filename="../core/net/maskedresume.cpp" line="436"/>
        <source>reveal of model %1: not this side&apos;s nonce</source>
        <translation>révélation de la figurine %1 : pas le nonce de ce camp</translation>
    </message>
</context>
<context>
    <name>jw::DestroyedChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="499"/>
        <source>Points destroyed per battle</source>
        <translation>Points détruits par bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="520"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="522"/>
        <source>TV destroyed in all: %1.</source>
        <translation>VM détruite au total : %1.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="528"/>
        <source>Points destroyed per battle: no battles yet.</source>
        <translation>Points détruits par bataille : aucune bataille pour l&apos;instant.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="544"/>
        <source>Points (TV) destroyed in each battle</source>
        <translation>Points (VM) détruits à chaque bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="562"/>
        <source>%1 destroyed %2 TV of %3&apos;s fleet in battle %4 (%5)</source>
        <translation>%1 a détruit %2 VM de la flotte de %3 lors de la bataille %4 (%5)</translation>
    </message>
</context>
<context>
    <name>jw::DiceKeypad</name>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="78"/>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="79"/>
        <source>Base</source>
        <translation>Base</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="80"/>
        <source>Flex</source>
        <translation>Flex</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="81"/>
        <source>Macro (escalating)</source>
        <translation>Macro (amplifiant)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="82"/>
        <source>Macro (diminishing)</source>
        <translation>Macro (diminuant)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="120"/>
        <source>Dice keypad</source>
        <translation>Pavé de dés</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="121"/>
        <source>Type the faces rolled with the keys 1 to 6; Backspace takes back the last die, Enter enters the roll.</source>
        <translation>Tapez les faces obtenues avec les touches 1 à 6 ; Retour arrière annule le dernier dé, Entrée valide le jet.</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="162"/>
        <source>⌫ Back</source>
        <translation>⌫ Retour</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="165"/>
        <source>Take back the last die typed (Backspace)</source>
        <translation>Reprendre le dernier dé saisi (Backspace)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="168"/>
        <location filename="../ui/companion/dicekeypad.cpp" line="261"/>
        <source>Enter the Roll</source>
        <translation>Valider le jet</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="171"/>
        <source>The dice are typed in (Enter)</source>
        <translation>Les dés sont saisis (Enter)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="175"/>
        <source>Roll for Me</source>
        <translation>Lancer pour moi</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="178"/>
        <source>The app rolls these dice</source>
        <translation>L&apos;application lance ces dés</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="203"/>
        <source>%1 Base</source>
        <translation>%1 Base</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="205"/>
        <source>%1 Flex</source>
        <translation>%1 Flex</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="207"/>
        <source>%1 escalating Macro</source>
        <translation>%1 Macro amplifiant(s)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="209"/>
        <source>%1 diminishing Macro</source>
        <translation>%1 Macro diminuant(s)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="211"/>
        <source>Roll %1 dice (%2)</source>
        <translation>Lancer %1 dés (%2)</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="219"/>
        <source>Before the roll: no success %1 · best [D] %2 · [T] %3 · [Q+] %4</source>
        <translation>Avant le jet : aucun succès %1 · meilleur [D] %2 · [T] %3 · [Q+] %4</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="224"/>
        <source>Roll one die</source>
        <translation>Lancer un dé</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="224"/>
        <source>Roll %1 dice</source>
        <translation>Lancer %1 dés</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="262"/>
        <source>Dice left to type: %1</source>
        <translation>Dés restant à saisir : %1</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="280"/>
        <source>1 … 6</source>
        <translation>1 … 6</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="280"/>
        <source>Type the face of the next die</source>
        <translation>Taper la face du dé suivant</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="281"/>
        <source>Backspace</source>
        <translation>Retour arrière</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="281"/>
        <source>Take back the last die</source>
        <translation>Annuler le dernier dé</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="282"/>
        <source>Enter</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <location filename="../ui/companion/dicekeypad.cpp" line="282"/>
        <source>Enter the roll</source>
        <translation>Valider le jet</translation>
    </message>
</context>
<context>
    <name>jw::DiceWidget</name>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="139"/>
        <source>Dice rolled</source>
        <translation>Dés lancés</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="147"/>
        <source>Rolled: %1</source>
        <translation>Jet : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="154"/>
        <source>Flex dice dropped: %1</source>
        <translation>Dés Flex retirés : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="156"/>
        <source>Macro dice escalate a match of the same value</source>
        <translation>Les dés Macro amplifient un succès de même valeur</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="157"/>
        <source>Macro dice diminish a match of the same value</source>
        <translation>Les dés Macro diminuent un succès de même valeur</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="158"/>
        <source>Result: %1</source>
        <translation>Résultat : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="253"/>
        <source>dropped</source>
        <translation>retiré</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="255"/>
        <source>macro +</source>
        <translation>macro +</translation>
    </message>
    <message>
        <location filename="../ui/table/dicewidget.cpp" line="255"/>
        <source>macro −</source>
        <translation>macro −</translation>
    </message>
</context>
<context>
    <name>jw::DieButton</name>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="40"/>
        <source>Die showing %1</source>
        <translation>Dé montrant %1</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="51"/>
        <source>%1: dropped (click to keep it)</source>
        <translation>%1 : retiré (cliquez pour le garder)</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="52"/>
        <source>%1: kept (click to drop it)</source>
        <translation>%1 : gardé (cliquez pour le retirer)</translation>
    </message>
</context>
<context>
    <name>jw::Engine</name>
    <message>
        <location filename="../core/engine/messagelist.h" line="14"/>
        <source>no model is activating: activate one first</source>
        <translation>aucune figurine n&apos;est en cours d&apos;activation : activez-en une d&apos;abord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="16"/>
        <source>model %1</source>
        <translation>figurine %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="18"/>
        <source>No scenario plays it.</source>
        <translation>Aucun scénario ne joue cette commande.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="21"/>
        <source>%1 is Embarked: Launch it first</source>
        <translation>%1 est Embarquée : lancez-la d&apos;abord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="23"/>
        <source>%1 is a Squadron: it moves along a path</source>
        <translation>%1 est une Escadrille : elle se déplace le long d&apos;un trajet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="24"/>
        <source>%1 may not move</source>
        <translation>%1 ne peut pas se déplacer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="26"/>
        <source>Capital Ships move by advancing directly forward</source>
        <translation>Les Vaisseaux Capitaux se déplacent en avançant droit devant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="28"/>
        <source>each turn changes direction by up to 45 degrees</source>
        <translation>chaque virage change la direction de 45 degrés au plus</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="30"/>
        <source>%1 only makes turns at the end of a move</source>
        <translation>%1 ne fait de virages qu&apos;à la fin d&apos;un déplacement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="33"/>
        <source>%1 overlaps a Capital Ship and must stop: it is repositioned when its activation ends</source>
        <translation>%1 chevauche un Vaisseau Capital et doit s&apos;arrêter : il est repositionné à la fin de son activation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="37"/>
        <source>%1 is Station Keeping (Speed 0): it may not move this activation</source>
        <translation>%1 est en Maintien de Position (Vitesse 0) : il ne peut pas se déplacer pendant cette activation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="41"/>
        <source>%1 may move at most %2 (Speed %3 + Thrusters %4); this move would make %5</source>
        <translation>%1 peut se déplacer d&apos;au plus %2 (Vitesse %3 + Propulseurs %4) ; ce déplacement ferait %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="44"/>
        <source>%1 may turn %2 time(s) this activation (the lower of Turns %3 and Thrusters %4); %5 already made</source>
        <translation>%1 peut virer %2 fois pendant cette activation (le plus petit de Virages %3 et Propulseurs %4) ; %5 déjà effectué(s)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="48"/>
        <source>%1 has Thrusters 0 and makes a Skill Test to turn: %2.</source>
        <translation>%1 a Propulseurs 0 et fait un Test de Compétence pour virer : %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="52"/>
        <source>%1 fails the Skill Test and cannot turn; it moves %2 straight ahead.</source>
        <translation>%1 rate le Test de Compétence et ne peut pas virer ; il se déplace de %2 tout droit.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="56"/>
        <source>%1&apos;s mandatory movement stops at the edge of %2 after %3 (its minimum counts as made).</source>
        <translation>Le déplacement obligatoire de %1 s&apos;arrête au bord de %2 après %3 (son minimum compte comme effectué).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="60"/>
        <source>%1 moves %2%3 (%4 of at most %5 this activation).</source>
        <translation>%1 se déplace de %2%3 (%4 sur %5 au plus pendant cette activation).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="61"/>
        <source> with %1 turn(s)</source>
        <translation> avec %1 virage(s)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="65"/>
        <source>%1 would leave the 48&quot; x 48&quot; table</source>
        <translation>%1 quitterait la table de 48&quot; x 48&quot;</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="67"/>
        <source>%1 is overlapped by %2 and moves out of its way.</source>
        <translation>%1 est chevauché par %2 et s&apos;écarte de son chemin.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="70"/>
        <source>%1&apos;s mandatory move ends overlapping %2 (Terrain › Space Stations: Overlap AC/AS:2).</source>
        <translation>Le déplacement obligatoire de %1 se termine en chevauchant %2 (Terrain › Space Stations : Chevauchement AC/AS:2).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="74"/>
        <source>%1&apos;s mandatory move ends on %2: it stops, and is repositioned behind it when its activation ends.</source>
        <translation>Le déplacement obligatoire de %1 se termine sur %2 : il s&apos;arrête, et sera repositionné derrière à la fin de son activation.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="78"/>
        <source>%1 is overlapped by %2 and is repositioned with the back of its base touching it.</source>
        <translation>%1 est chevauché par %2 et est repositionné avec l&apos;arrière de son socle à son contact.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="82"/>
        <source>%1 completes its overlapping movement: the back of its base touches the model it overlapped.</source>
        <translation>%1 termine son déplacement en chevauchement : l&apos;arrière de son socle touche la figurine qu&apos;il chevauchait.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="86"/>
        <source>%1 is a Capital Ship: it moves forward and turns</source>
        <translation>%1 est un Vaisseau Capital : il avance et effectue des virages</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="87"/>
        <source>the path is empty</source>
        <translation>le trajet est vide</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="89"/>
        <source>%1 may move up to its Speed, %2; this path would make %3</source>
        <translation>%1 peut se déplacer jusqu&apos;à sa Vitesse, %2 ; ce trajet ferait %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="91"/>
        <source>%1 moves %2 (%3 of %4).</source>
        <translation>%1 se déplace de %2 (%3 sur %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="93"/>
        <source>%1&apos;s attack on %2 does not happen: %3.</source>
        <translation>L&apos;attaque de %1 contre %2 n&apos;a pas lieu : %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="94"/>
        <source>%1 is not Embarked</source>
        <translation>%1 n&apos;est pas Embarquée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="96"/>
        <source>Launch may not be declared in the same activation as Land</source>
        <translation>Le Lancement ne peut pas être déclaré dans la même activation que l&apos;Appontage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="99"/>
        <source>%1 must be placed within %2 of %3; this is %4 away</source>
        <translation>%1 doit être placée à %2 ou moins de %3 ; elle est à %4</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="100"/>
        <source>%1 launches from %2.</source>
        <translation>%1 est lancée depuis %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="101"/>
        <source>%1 takes an escape pod from %2.</source>
        <translation>%1 emporte une capsule de sauvetage de %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="102"/>
        <source>%1 is not on the table</source>
        <translation>%1 n&apos;est pas sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="104"/>
        <source>Land may not be declared in the same activation as Launch</source>
        <translation>L&apos;Appontage ne peut pas être déclaré dans la même activation que le Lancement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="106"/>
        <source>land on a friendly model on the table</source>
        <translation>apponter sur une figurine amie sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="107"/>
        <source>%1 has no working %2</source>
        <translation>%1 n&apos;a aucun %2 en état de marche</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="108"/>
        <source>%1 has no room left</source>
        <translation>%1 n&apos;a plus de place</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="111"/>
        <source>%1 must reach base contact with %2: it is %3 away, %4 of movement left</source>
        <translation>%1 doit arriver au contact socle à socle avec %2 : elle est à %3, il lui reste %4 de déplacement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="113"/>
        <source>%1 lands on %2.</source>
        <translation>%1 apponte sur %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="115"/>
        <source>%1 transfers %2 escape pod(s) to %3 (%4 aboard).</source>
        <translation>%1 transfère %2 capsule(s) de sauvetage à %3 (%4 à bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="118"/>
        <source>in its ram</source>
        <translation>lors de son éperonnage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="119"/>
        <source>failing its ram</source>
        <translation>après avoir raté son éperonnage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="120"/>
        <source>all its Exo-Suits board %1</source>
        <translation>toutes ses Exo-Combinaisons abordent %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="121"/>
        <source>%1 stops Assaulting.</source>
        <translation>%1 cesse son Assaut.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="122"/>
        <source>%1 begins a Bombing on %2.</source>
        <translation>%1 commence un Bombardement sur %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="124"/>
        <source>%1 may make a single Bombing Run with Fire Control 1.</source>
        <translation>%1 peut effectuer une seule passe de Bombardement avec Conduite de Tir 1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="125"/>
        <source>%1&apos;s Bombing Run %2 on %3.</source>
        <translation>Passe de Bombardement %2 de %1 sur %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="127"/>
        <source>%1 finds no room in base contact with %2: it may not enter the Assaulting state.</source>
        <translation>%1 ne trouve pas de place au contact socle à socle avec %2 : elle ne peut pas passer à l&apos;état En Assaut.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="130"/>
        <source>%1 is Assaulting %2.</source>
        <translation>%1 est En Assaut contre %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="132"/>
        <source>%1 ends its Bombing and Returns to Base.</source>
        <translation>%1 termine son Bombardement et retourne à la Base.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="135"/>
        <source>Squadrons in the Return to Base state may not declare an Interception</source>
        <translation>Les Escadrilles en état de Retour à la Base ne peuvent pas déclarer d&apos;Interception</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="137"/>
        <source>%1 needs Fuel 1+</source>
        <translation>%1 a besoin de Carburant 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="139"/>
        <source>%1&apos;s Interception of %2 does not happen.</source>
        <translation>L&apos;Interception de %2 par %1 n&apos;a pas lieu.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="140"/>
        <source>%1 intercepts %2: Dogfight!</source>
        <translation>%1 intercepte %2 : Combat Rapproché !</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="142"/>
        <source>%1 is intercepted and stops Assaulting.</source>
        <translation>%1 est interceptée et cesse son Assaut.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="143"/>
        <source>%1 tries to Break Off: %2: %3: %4.</source>
        <translation>%1 tente de décrocher : %2 : %3 : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="144"/>
        <source>%1 breaks off.</source>
        <translation>%1 décroche.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="145"/>
        <source>The Dogfight is over.</source>
        <translation>Le Combat Rapproché est terminé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="146"/>
        <source>%1 Returns to Base.</source>
        <translation>%1 retourne à la Base.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="148"/>
        <source>a Capital Ship may not ram a Squadron</source>
        <translation>un Vaisseau Capital ne peut pas éperonner une Escadrille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="150"/>
        <source>the ramming model may not declare any attacks</source>
        <translation>la figurine qui éperonne ne peut déclarer aucune attaque</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="151"/>
        <source>%1 must bring its Fore arc onto %2</source>
        <translation>%1 doit placer %2 dans son arc Avant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="153"/>
        <source>%1 cannot reach %2: it is %3 away, %4 of movement left</source>
        <translation>%1 ne peut pas atteindre %2 : il est à %3, il lui reste %4 de déplacement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="156"/>
        <source>%1 makes a Skill Test to ram: %2: %3: %4.</source>
        <translation>%1 fait un Test de Compétence pour éperonner : %2 : %3 : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="157"/>
        <source>%1 rolls %2 for the ram: %3: %4%5.</source>
        <translation>%1 lance %2 pour l&apos;éperonnage : %3 : %4%5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="158"/>
        <source>, escalated to %1</source>
        <translation>, amplifié en %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="159"/>
        <source>%1&apos;s ram fails.</source>
        <translation>L&apos;éperonnage de %1 échoue.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="160"/>
        <source>there is no room for %1 to meet %2</source>
        <translation>il n&apos;y a pas la place pour que %1 atteigne %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="161"/>
        <source>there is no room next to %1</source>
        <translation>il n&apos;y a pas de place à côté de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="163"/>
        <source>%1 has attacked already this activation: the Assault&apos;s Attack Window is its Attack Window</source>
        <translation>%1 a déjà attaqué pendant cette activation : la Fenêtre d&apos;Attaque de l&apos;Assaut est sa Fenêtre d&apos;Attaque</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="166"/>
        <source>%1 Assaults %2.</source>
        <translation>%1 lance un Assaut sur %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="167"/>
        <source>%1&apos;s Assault on %2 is broken up.</source>
        <translation>L&apos;Assaut de %1 sur %2 est repoussé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="169"/>
        <source>%1 is driven off by %2&apos;s Point Defense.</source>
        <translation>%1 est chassée par la Défense Ponctuelle de %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="171"/>
        <source>%1 must be within 1&quot; of %2 (%3 away)</source>
        <translation>%1 doit être à 1&quot; ou moins de %2 (à %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="172"/>
        <source>%1 has no Marines left</source>
        <translation>%1 n&apos;a plus de Marines</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="173"/>
        <source>%1 sends %2 Marines to board %3.</source>
        <translation>%1 envoie %2 Marines à l&apos;abordage de %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="175"/>
        <source>%1&apos;s Point Defense %2 against the boarders: %3: %4.</source>
        <translation>Défense Ponctuelle de %1 %2 contre les assaillants : %3 : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="176"/>
        <source>%1&apos;s Grapplers diminish it to %2.</source>
        <translation>Les Grappins de %1 la diminuent à %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="178"/>
        <source>%1 has no Point Defense (Defense 0).</source>
        <translation>%1 n&apos;a pas de Défense Ponctuelle (Défense 0).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="179"/>
        <source>No Marine of %1 reaches %2.</source>
        <translation>Aucun Marine de %1 n&apos;atteint %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="181"/>
        <source>%1 Marines board %2: it is Boarded (Boarders %3).</source>
        <translation>%1 Marines abordent %2 : il est Abordé (Assaillants %3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="183"/>
        <source>%1 stops Assaulting: it is placed 1&quot; away and Returns to Base.</source>
        <translation>%1 cesse son Assaut : elle est placée à 1&quot; et retourne à la Base.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="186"/>
        <source>%1 stops Assaulting %2 and disengages.</source>
        <translation>%1 cesse son Assaut sur %2 et se désengage.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="188"/>
        <source>%1 stops Assaulting and Returns to Base.</source>
        <translation>%1 cesse son Assaut et retourne à la Base.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="190"/>
        <source>Firefight on %1: the Marines %2, the Boarders %3.</source>
        <translation>Fusillade à bord de %1 : les Marines %2, les Assaillants %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="191"/>
        <source>Defend</source>
        <translation>défendent</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="192"/>
        <source>Engage</source>
        <translation>combattent</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="193"/>
        <source>Sabotage</source>
        <translation>sabotent</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="194"/>
        <source>%1 roll %2: %3: %4.</source>
        <translation>%1 : jet de %2 : %3 : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="195"/>
        <source>%1&apos;s Marines</source>
        <translation>Les Marines de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="196"/>
        <source>The Boarders</source>
        <translation>Les Assaillants</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="197"/>
        <source>The Boarders&apos; sabotage</source>
        <translation>Le sabotage des Assaillants</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="199"/>
        <source>The firefight costs the Boarders %1 and %2&apos;s Marines %3.</source>
        <translation>La fusillade coûte %1 aux Assaillants et %3 aux Marines de %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="201"/>
        <source>%1 is no longer Boarded.</source>
        <translation>%1 n&apos;est plus Abordé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="202"/>
        <source>%1 is Captured by %2.</source>
        <translation>%1 est Capturé par %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="204"/>
        <source>%1 returns to base: %2 toward %3.</source>
        <translation>%1 retourne à la base : %2 vers %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="205"/>
        <source>its table edge</source>
        <translation>son bord de table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="207"/>
        <source>%1 leaves the table and is Withdrawn.</source>
        <translation>%1 quitte la table et est Retirée.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="208"/>
        <source>%1 is not a Squadron on the table</source>
        <translation>%1 n&apos;est pas une Escadrille sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="210"/>
        <source>%1 may move up to %2 here; this path would make %3</source>
        <translation>%1 peut se déplacer ici d&apos;au plus %2 ; ce trajet ferait %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="211"/>
        <source>%1 makes a free Movement of %2 (%3).</source>
        <translation>%1 fait un Déplacement gratuit de %2 (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="212"/>
        <source>%1&apos;s ram</source>
        <translation>éperonnage de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="213"/>
        <source>the collision with %1</source>
        <translation>la collision avec %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="214"/>
        <source>the Boarders&apos; sabotage</source>
        <translation>le sabotage des Assaillants</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="217"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="218"/>
        <source>, %1 boxes</source>
        <translation>, %1 cases</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="219"/>
        <source>%1: %2 %3 -&gt; %4%5%6.</source>
        <translation>%1 : %2 %3 -&gt; %4%5%6.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="221"/>
        <source>%1: Defense 0, its Countermeasures are damaged.</source>
        <translation>%1 : Défense 0, ses Contre-mesures sont endommagées.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="223"/>
        <source>Random Selection (%1): a %2, rolled again.</source>
        <translation>Sélection Aléatoire (%1) : un %2, relancé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="225"/>
        <source>Random Selection (%1): a %2 -&gt; %3.</source>
        <translation>Sélection Aléatoire (%1) : un %2 -&gt; %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="226"/>
        <source>%1 is at 0 on %2</source>
        <translation>%1 est à 0 sur %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="228"/>
        <source>%1: %2 damaged, %3 of %4 boxes left (%5).</source>
        <translation>%1 : %2 endommagé, %3 cases sur %4 restantes (%5).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="229"/>
        <source>Precise [D%1]%2</source>
        <translation>Précis [D%1]%2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="231"/>
        <source>%1: the Mass Driver&apos;s [D%2] causes a Critical Hit.</source>
        <translation>%1 : le [D%2] de l&apos;Accélérateur de Masse cause un Coup Critique.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="233"/>
        <source>%1&apos;s Shield takes one damage off the %2%3.</source>
        <translation>Le Bouclier de %1 retire un dégât au %2%3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="234"/>
        <source>a [Q%1] result%2</source>
        <translation>un résultat [Q%1]%2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="235"/>
        <source>%1 is Destroyed (%2).</source>
        <translation>%1 est Détruit (%2).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="237"/>
        <source>%1 has no %2 and no rating left: the damage goes to Structure.</source>
        <translation>%1 n&apos;a plus de %2 ni d&apos;indice : les dégâts vont à la Structure.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="240"/>
        <source>Particle Cannon on a redundant box</source>
        <translation>Canon à Particules sur une case redondante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="241"/>
        <source>Structure 0</source>
        <translation>Structure 0</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="243"/>
        <source>%1 is Crippled (Structure 0).</source>
        <translation>%1 est Désemparé (Structure 0).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="245"/>
        <source>%1 would lose Structure below 0%2.</source>
        <translation>%1 perdrait de la Structure en dessous de 0%2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="246"/>
        <source>Rating Damage: %1 (%2 -&gt; %3)</source>
        <translation>Dégâts d&apos;Indice : %1 (%2 -&gt; %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="248"/>
        <source>System Trait Damage: %1 (%2 of %3 boxes left)</source>
        <translation>Dégâts de Trait de Système : %1 (%2 cases sur %3 restantes)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="250"/>
        <source>Weapon Damage: %1 (%2 of %3 left)</source>
        <translation>Dégâts d&apos;arme : %1 (%2 sur %3 restant(s))</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="251"/>
        <source>Weapon Damage: %1</source>
        <translation>Dégâts d&apos;arme : %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="252"/>
        <source>Marines (%1 -&gt; %2)</source>
        <translation>Marines (%1 -&gt; %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="254"/>
        <source>Critical Hit on %1: nothing left to damage, one more Structure damage instead.</source>
        <translation>Coup Critique sur %1 : plus rien à endommager, un dégât de Structure supplémentaire à la place.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="257"/>
        <source>Critical Hit on %1: %2.</source>
        <translation>Coup Critique sur %1 : %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="258"/>
        <source>Critical Hit</source>
        <translation>Coup Critique</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="259"/>
        <source>%1: %2 damaged.</source>
        <translation>%1 : %2 endommagé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="261"/>
        <source>%1 is Disrupted (hit by a Particle Cannon).</source>
        <translation>%1 est Perturbé (touché par un Canon à Particules).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="262"/>
        <source>Explode</source>
        <translation>Explosion</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="263"/>
        <source>Dead</source>
        <translation>Mort</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="264"/>
        <source>No Effect</source>
        <translation>Aucun effet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="267"/>
        <source>%1 rolls on the Catastrophic Damage Table: %2 + %3 systems at 0 = %4, %5.</source>
        <translation>%1 lance sur la Table des Dégâts Catastrophiques : %2 + %3 systèmes à 0 = %4, %5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="270"/>
        <source>%1 was embarked on %2 and is placed at (%3, %4).</source>
        <translation>%1 était embarquée sur %2 et est placée en (%3, %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="271"/>
        <source>%1 is replaced with a %2&quot; Wreck.</source>
        <translation>%1 est remplacé par une Épave de %2&quot;.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="272"/>
        <source>lost in the explosion of %1</source>
        <translation>perdue dans l&apos;explosion de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="275"/>
        <source>%1 is on the table%2.</source>
        <translation>%1 est sur la table%2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="277"/>
        <source> (Structure %1, Defense %2, Marines %3, Hangers %4, 2x %5%6)</source>
        <translation> (Structure %1, Défense %2, Marines %3, Hangars %4, 2x %5%6)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="279"/>
        <source>, %1&apos;s</source>
        <translation>, de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="280"/>
        <source> (Structure %1)</source>
        <translation> (Structure %1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="282"/>
        <source>%1 starts its Movement with Speed %2%3 (%4).</source>
        <translation>%1 commence son Déplacement avec Vitesse %2%3 (%4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="284"/>
        <source>%1 may not move into %2 (beyond the %3 table edge): a planet may not be overlapped or moved through</source>
        <translation>%1 ne peut pas se déplacer dans %2 (au-delà du bord de table %3) : une planète ne peut être ni chevauchée ni traversée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="287"/>
        <source>%1 moves within 3&quot; of %2 (%3).</source>
        <translation>%1 se déplace à 3&quot; ou moins de %2 (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="288"/>
        <source>%1 moves through %2 (%3).</source>
        <translation>%1 traverse %2 (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="290"/>
        <source>%1 ends its movement overlapping %2 (Terrain › %3: AC:6).</source>
        <translation>%1 termine son déplacement en chevauchant %2 (Terrain › %3 : AC:6).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="293"/>
        <source>%1 finds no clear spot to avoid %2.</source>
        <translation>%1 ne trouve aucun emplacement libre pour éviter %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="295"/>
        <source>%1 avoids %2 (Terrain): it is repositioned clear of it.</source>
        <translation>%1 évite %2 (Terrain) : il est repositionné à l&apos;écart.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="299"/>
        <source>the Mine token must be placed in base contact with %1 (it is %2 away%3)</source>
        <translation>le pion Mine doit être placé au contact socle à socle avec %1 (il est à %2%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="301"/>
        <source>, overlapping</source>
        <translation>, en chevauchement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="302"/>
        <source>the Mine token must be on the table</source>
        <translation>le pion Mine doit être sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="304"/>
        <source>Mine tokens must be at least 2&quot; apart; %1 is %2 away</source>
        <translation>les pions Mine doivent être à au moins 2&quot; les uns des autres ; %1 est à %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="305"/>
        <source>%1 lays %2 at (%3, %4).</source>
        <translation>%1 pose %2 en (%3, %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="307"/>
        <source>%1 moves 2d6 = %2 + %3 = %4&quot; (Terrain › Comets).</source>
        <translation>%1 se déplace de 2d6 = %2 + %3 = %4&quot; (Terrain › Comets).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="308"/>
        <source>%1 is moved out of the way of %2.</source>
        <translation>%1 est écarté du chemin de %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="310"/>
        <source>Asteroid Field</source>
        <translation>Champ d&apos;Astéroïdes</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="311"/>
        <source>Atmosphere</source>
        <translation>Atmosphère</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="312"/>
        <source>Comet</source>
        <translation>Comète</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="313"/>
        <source>Large Asteroid</source>
        <translation>Grand Astéroïde</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="314"/>
        <source>Mines</source>
        <translation>Mines</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="315"/>
        <source>Particle Cloud</source>
        <translation>Nuage de Particules</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="316"/>
        <source>Planet</source>
        <translation>Planète</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="317"/>
        <source>Small Moon</source>
        <translation>Petite Lune</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="318"/>
        <source>Space Station</source>
        <translation>Station Spatiale</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="319"/>
        <source>Wreck</source>
        <translation>Épave</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="320"/>
        <source>Unidentified Object</source>
        <translation>Objet Non Identifié</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="322"/>
        <source>Wreck of %1</source>
        <translation>Épave de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="326"/>
        <source>in the Tail of %1</source>
        <translation>dans la Queue de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="327"/>
        <source>in %1</source>
        <translation>dans %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="328"/>
        <source>within 3&quot; of %1</source>
        <translation>à 3&quot; ou moins de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="329"/>
        <source>+2 starting on %1</source>
        <translation>+2 en commençant sur %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="330"/>
        <source>-1 in %1</source>
        <translation>-1 dans %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="331"/>
        <source>+2 with %1 in the Fore arc</source>
        <translation>+2 avec %1 dans l&apos;arc Avant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="332"/>
        <source>-1 with %1 in the Aft arc</source>
        <translation>-1 avec %1 dans l&apos;arc Arrière</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="335"/>
        <source>the top left quadrant</source>
        <translation>quadrant supérieur gauche</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="336"/>
        <source>the top right quadrant</source>
        <translation>quadrant supérieur droit</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="337"/>
        <source>the bottom right quadrant</source>
        <translation>quadrant inférieur droit</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="338"/>
        <source>the bottom left quadrant</source>
        <translation>quadrant inférieur gauche</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="339"/>
        <source>the centre of the table</source>
        <translation>centre de la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="340"/>
        <source>the centre of %1</source>
        <translation>centre du %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="343"/>
        <source>%1 is placed at %2 (%3): %4&quot; across (1d6), Structure %5 (1d6), Hangers 2.</source>
        <translation>%1 est placé au %2 (%3) : %4&quot; de diamètre (1d6), Structure %5 (1d6), Hangars 2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="346"/>
        <source>Squadrons may be Embarked on %1 only while their player has Marines aboard it; %2 has none</source>
        <translation>Les Escadrilles ne peuvent être Embarquées sur %1 que tant que leur joueur y a des Marines à bord ; %2 n&apos;en a aucun</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="351"/>
        <source>%1 Marines of %2 board %3 unopposed (%4): Marines aboard %5 %6, %7 %8.</source>
        <translation>%1 Marines de %2 abordent %3 sans opposition (%4) : Marines à bord %5 %6, %7 %8.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="354"/>
        <source>%1 launches from %2, searched: it carries an Intelligence Token (Scavenger Hunt › Retrieve Intelligence).</source>
        <translation>%1 est lancée depuis %2, fouillé : elle transporte un Pion de Renseignement (Scavenger Hunt › Retrieve Intelligence).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="358"/>
        <source>%1 transfers its Intelligence Token to %2 (%3 aboard; Scavenger Hunt › Retrieve Intelligence).</source>
        <translation>%1 transfère son Pion de Renseignement à %2 (%3 à bord ; Scavenger Hunt › Retrieve Intelligence).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="362"/>
        <source>Firefight on %1: %2&apos;s %3 Marines and %4&apos;s %5 Engage (%6).</source>
        <translation>Fusillade à bord de %1 : les %3 Marines de %2 et les %5 de %4 combattent (%6).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="364"/>
        <source>%1&apos;s Marines on %2 roll %3: %4: %5.</source>
        <translation>Les Marines de %1 à bord de %2 lancent %3 : %4 : %5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="366"/>
        <source>The firefight on %1 costs %2 %3 Marines and %4 %5: %6 and %7 left.</source>
        <translation>La fusillade à bord de %1 coûte %3 Marines à %2 et %5 à %4 : il en reste %6 et %7.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="369"/>
        <source>%1 has %2 more Marines aboard %3: %4 (%5 in all; Scavenger Hunt › Search a UIO).</source>
        <translation>%1 a %2 Marines de plus à bord de %3 : %4 (%5 en tout ; Scavenger Hunt › Search a UIO).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="372"/>
        <source>%1 Search token</source>
        <translation>%1 pion Fouille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="373"/>
        <source>%1 Search tokens</source>
        <translation>%1 pions Fouille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="376"/>
        <source>%1 has searched %2: a Squadron launching from it carries Intelligence.</source>
        <translation>%1 a fouillé %2 : une Escadrille lancée depuis celui-ci transporte des Renseignements.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="379"/>
        <source>%1 must Launch from %2 but finds no room: it stays Embarked.</source>
        <translation>%1 doit être lancée depuis %2 mais ne trouve pas de place : elle reste Embarquée.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="382"/>
        <source>%1 has no Marines aboard %2: %3 takes a free Launch (%4).</source>
        <translation>%1 n&apos;a pas de Marines à bord de %2 : %3 effectue un Lancement gratuit (%4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="385"/>
        <source>%1&apos;s Intelligence Token is lost with it.</source>
        <translation>Le Pion de Renseignement de %1 est perdu avec elle.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="388"/>
        <source>%1 has no Comet to place</source>
        <translation>%1 n&apos;a pas de Comète à placer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="390"/>
        <source>the Defender places the Comet in the first Deployment Phase, before any model is deployed</source>
        <translation>le Défenseur place la Comète lors de la première Phase de Déploiement, avant qu&apos;aucune figurine ne soit déployée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="394"/>
        <source>the Defender (%1) places the Comet</source>
        <translation>le Défenseur (%1) place la Comète</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="396"/>
        <source>the Body of a Comet is 2-4&quot; across, not %1</source>
        <translation>le Noyau d&apos;une Comète mesure 2 à 4&quot; de diamètre, pas %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="398"/>
        <source>the Defender deploys the Comet in their deployment zone: its Body at (%1, %2) is not wholly within %3&apos;s Deployment Zone (the 12&quot; strip along the %4 edge)</source>
        <translation>le Défenseur déploie la Comète dans sa zone de déploiement : son Noyau en (%1, %2) n&apos;est pas entièrement dans la Zone de Déploiement de %3 (la bande de 12&quot; le long du bord %4)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="402"/>
        <source>bottom</source>
        <translation>inférieur</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="403"/>
        <source>top</source>
        <translation>supérieur</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="405"/>
        <source>the Tail is a polygon of at least 3 points</source>
        <translation>la Queue est un polygone d&apos;au moins 3 points</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="406"/>
        <source>place the Tail touching the Body</source>
        <translation>placez la Queue au contact du Noyau</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="407"/>
        <source>the Tail must stay on the table</source>
        <translation>la Queue doit rester sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="409"/>
        <source>%1 places the Stationary Comet at (%2, %3), %4 across (%5).</source>
        <translation>%1 place la Comète Stationnaire en (%2, %3), %4 de diamètre (%5).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="411"/>
        <source>%1 has no water to carry</source>
        <translation>%1 n&apos;a pas d&apos;eau à transporter</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="412"/>
        <source>units of water are counted from 0</source>
        <translation>les unités d&apos;eau se comptent à partir de 0</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="414"/>
        <source>water is distributed during the first Deployment Phase; %1 deploys in turn %2</source>
        <translation>l&apos;eau est répartie pendant la première Phase de Déploiement ; %1 se déploie au tour %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="418"/>
        <source>only the Defender distributes water across their Fleet</source>
        <translation>seul le Défenseur répartit l&apos;eau dans sa Flotte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="421"/>
        <source>%1 may not be issued water: only Capital Ships and Exo-Armor squadrons carry it</source>
        <translation>%1 ne peut pas recevoir d&apos;eau : seuls les Vaisseaux Capitaux et les escadrilles d&apos;Exo-Armures en transportent</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="425"/>
        <source>Capital Ships may be issued a max of 5 water units; %1 is given %2</source>
        <translation>Les Vaisseaux Capitaux peuvent recevoir au plus 5 unités d&apos;eau ; %1 en reçoit %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="428"/>
        <source>Exo-Armor Squadrons may be issued 1 water unit if not Embarked; %1 is given %2</source>
        <translation>Les Escadrilles d&apos;Exo-Armures peuvent recevoir 1 unité d&apos;eau si elles ne sont pas Embarquées ; %1 en reçoit %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="433"/>
        <source>the Defender distributes 10 units of water: %1 are issued already, %2 more would make %3</source>
        <translation>le Défenseur répartit 10 unités d&apos;eau : %1 sont déjà attribuées, %2 de plus feraient %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="436"/>
        <source>%1 carries %2 unit(s) of water.</source>
        <translation>%1 transporte %2 unité(s) d&apos;eau.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="439"/>
        <source>the Defender must distribute %1 units of water across their Fleet when deploying it: %2 issued, and the models left to deploy could carry only %3 more (Capital Ships 5, Exo-Armor squadrons 1 if not Embarked)</source>
        <translation>le Défenseur doit répartir %1 unités d&apos;eau dans sa Flotte en la déployant : %2 attribuées, et les figurines restant à déployer ne pourraient en transporter que %3 de plus (Vaisseaux Capitaux 5, escadrilles d&apos;Exo-Armures 1 si elles ne sont pas Embarquées)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="445"/>
        <source>only Water Raid&apos;s Comet may be mined; the target of an Assault is an enemy Capital Ship</source>
        <translation>seule la Comète de Water Raid peut être exploitée ; la cible d&apos;un Assaut est un Vaisseau Capital ennemi</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="448"/>
        <source>terrain %1 is not the Comet</source>
        <translation>le terrain %1 n&apos;est pas la Comète</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="450"/>
        <source>the Defender mines the Comet, not %1</source>
        <translation>le Défenseur exploite la Comète, pas %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="452"/>
        <source>%1 cannot reach the Comet: it is %2 away, %3 of movement left</source>
        <translation>%1 ne peut pas atteindre la Comète : elle est à %2, il lui reste %3 de déplacement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="455"/>
        <source>Exo-Armor Squadrons may carry a max of 3 water units; %1 carries %2</source>
        <translation>Les Escadrilles d&apos;Exo-Armures peuvent transporter au plus 3 unités d&apos;eau ; %1 en transporte %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="458"/>
        <source>the Exo-Armor Squadron may only use its Lance to attack: %1 has no working Lance</source>
        <translation>l&apos;Escadrille d&apos;Exo-Armures ne peut attaquer qu&apos;avec sa Lance : %1 n&apos;a aucune Lance en état de marche</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="461"/>
        <source>%1 has no Fire Control left</source>
        <translation>%1 n&apos;a plus de Conduite de Tir</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="462"/>
        <source>%1 Assaults the Comet to mine it.</source>
        <translation>%1 lance un Assaut sur la Comète pour l&apos;exploiter.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="464"/>
        <source>%1&apos;s mining of the Comet is broken up.</source>
        <translation>L&apos;exploitation de la Comète par %1 est repoussée.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="466"/>
        <source>The Comet&apos;s hazards (Defense %1) on %2: %3 -&gt; %4.</source>
        <translation>Les dangers de la Comète (Défense %1) contre %2 : %3 -&gt; %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="468"/>
        <source>%1 is driven off by the Comet&apos;s hazards.</source>
        <translation>%1 est chassée par les dangers de la Comète.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="470"/>
        <source>%1 mines the Comet with its %2: %3: %4 -&gt; %5.</source>
        <translation>%1 exploite la Comète avec son arme %2 : %3 : %4 -&gt; %5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="471"/>
        <source>%1 mines %2 unit(s) of water (%3 aboard).</source>
        <translation>%1 extrait %2 unité(s) d&apos;eau (%3 à bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="472"/>
        <source>%1 mines no water.</source>
        <translation>%1 n&apos;extrait pas d&apos;eau.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="475"/>
        <source>%1 forfeits a unit of water and gains the Fuel Pods trait (%2 aboard).</source>
        <translation>%1 renonce à une unité d&apos;eau et gagne le trait Fuel Pods (%2 à bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="478"/>
        <source>%1 transfers %2 unit(s) of water to %3 (%4 aboard).</source>
        <translation>%1 transfère %2 unité(s) d&apos;eau à %3 (%4 à bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="480"/>
        <source>%1 takes %2 unit(s) of water from %3 (%4 aboard, %5 left on %3).</source>
        <translation>%1 prend %2 unité(s) d&apos;eau à %3 (%4 à bord, %5 restante(s) sur %3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="482"/>
        <source>%1&apos;s %2 unit(s) of water are lost with it.</source>
        <translation>Les %2 unité(s) d&apos;eau de %1 sont perdues avec lui.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="483"/>
        <source>the Comet&apos;s hazards</source>
        <translation>les dangers de la Comète</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="488"/>
        <source>the scripted dice ran out before the game could start</source>
        <translation>les dés prédéfinis sont épuisés avant que la partie puisse commencer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="489"/>
        <source>the scripted dice ran out</source>
        <translation>les dés prédéfinis sont épuisés</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="492"/>
        <source>Random Selection for Attacker and Defender: a %1, %2 is the Attacker and has Initiative.</source>
        <translation>Sélection Aléatoire de l&apos;Attaquant et du Défenseur : un %1, %2 est l&apos;Attaquant et a l&apos;Initiative.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="496"/>
        <source>Random Selection for Initiative: a %1, %2 has Initiative.</source>
        <translation>Sélection Aléatoire de l&apos;Initiative : un %1, %2 a l&apos;Initiative.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="498"/>
        <source>Game Turn %1 begins.</source>
        <translation>Le Tour de jeu %1 commence.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="499"/>
        <source>the game is over</source>
        <translation>la partie est terminée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="500"/>
        <source>answer first: %1</source>
        <translation>répondez d&apos;abord : %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="502"/>
        <source>option %1 does not exist (0 to %2)</source>
        <translation>l&apos;option %1 n&apos;existe pas (0 à %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="503"/>
        <source>&quot;%1&quot; needs the path %2 moves along</source>
        <translation>« %1 » nécessite le trajet suivi par %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="504"/>
        <source>&quot;%1&quot; is not a movement: no path</source>
        <translation>« %1 » n&apos;est pas un déplacement : pas de trajet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="505"/>
        <source>no decision is waiting</source>
        <translation>aucune décision n&apos;est en attente</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="506"/>
        <source>Activation Phase of turn %1.</source>
        <translation>Phase d&apos;Activation du tour %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="508"/>
        <source>models activate in the Activation Phase</source>
        <translation>les figurines s&apos;activent pendant la Phase d&apos;Activation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="510"/>
        <source>%1 must complete its activation first</source>
        <translation>%1 doit d&apos;abord terminer son activation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="511"/>
        <source>no model %1</source>
        <translation>pas de figurine %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="512"/>
        <source>%1 is not under %2&apos;s command</source>
        <translation>%1 n&apos;est pas sous le commandement de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="514"/>
        <source>%1 is terrain: it does not activate</source>
        <translation>%1 est un terrain : il ne s&apos;active pas</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="515"/>
        <source>%1 has already activated this turn</source>
        <translation>%1 s&apos;est déjà activée ce tour</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="516"/>
        <source>no action &apos;%1&apos;</source>
        <translation>pas d&apos;action « %1 »</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="517"/>
        <source>%1 activates %2.</source>
        <translation>%1 active %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="519"/>
        <source>%1 activates %2 and declares %3.</source>
        <translation>%1 active %2 et déclare %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="521"/>
        <source>Which arc does %1&apos;s Sensor Drone support (Sensors +1)?</source>
        <translation>Quel arc le Sensor Drone de %1 soutient-il (Senseurs +1) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="523"/>
        <source>Fore</source>
        <translation>Avant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="524"/>
        <source>Port</source>
        <translation>Bâbord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="525"/>
        <source>Starboard</source>
        <translation>Tribord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="526"/>
        <source>Aft</source>
        <translation>Arrière</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="527"/>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="529"/>
        <source>%1&apos;s Sensor Drone: Sensors +1 in its %2 arc.</source>
        <translation>Sensor Drone de %1 : Senseurs +1 dans son arc %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="531"/>
        <source>%1&apos;s %2 is lost to the Interception.</source>
        <translation>%2 de %1 est perdu(e) à cause de l&apos;Interception.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="533"/>
        <source>Does %1 use its Fuel Pods (once per game: +2 Fuel)?</source>
        <translation>%1 utilise-t-elle ses Fuel Pods (une fois par partie : +2 Carburant) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="534"/>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="535"/>
        <source>Use them: +2 Fuel and a Boost</source>
        <translation>Les utiliser : +2 Carburant et une Poussée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="537"/>
        <source>Use them: +2 Fuel and avoid Return to Base once</source>
        <translation>Les utiliser : +2 Carburant et éviter une fois le Retour à la Base</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="538"/>
        <source>%1 uses its Fuel Pods: +2 Fuel.</source>
        <translation>%1 utilise ses Fuel Pods : +2 Carburant.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="539"/>
        <source>How hard does %1 boost?</source>
        <translation>Quelle Poussée pour %1 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="540"/>
        <source>Double Speed (1 Fuel)</source>
        <translation>Vitesse doublée (1 Carburant)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="541"/>
        <source>Triple Speed (2 Fuel)</source>
        <translation>Vitesse triplée (2 Carburant)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="542"/>
        <source>%1 boosts: Speed x%2.</source>
        <translation>%1 effectue une Poussée : Vitesse x%2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="544"/>
        <source>%1&apos;s Fuel Pods spare it the Return to Base.</source>
        <translation>Les Fuel Pods de %1 lui évitent le Retour à la Base.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="546"/>
        <source>%1 does something out of sight (secret information).</source>
        <translation>%1 fait quelque chose hors de vue (information secrète).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="548"/>
        <source>%1 must move at least %2 (Speed %3 - Thrusters %4); it moved %5</source>
        <translation>%1 doit se déplacer d&apos;au moins %2 (Vitesse %3 - Propulseurs %4) ; il s&apos;est déplacé de %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="551"/>
        <source>%1 keeps Assaulting %2: placed in base contact again.</source>
        <translation>%1 poursuit son Assaut sur %2 : replacée au contact socle à socle.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="553"/>
        <source>%1 finds no room on %2 and Returns to Base.</source>
        <translation>%1 ne trouve pas de place sur %2 et retourne à la Base.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="554"/>
        <source>%1 ends its activation.</source>
        <translation>%1 termine son activation.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="555"/>
        <source>End Phase of turn %1.</source>
        <translation>Phase Finale du tour %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="556"/>
        <source>%1 is no longer Disrupted.</source>
        <translation>%1 n&apos;est plus Perturbé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="557"/>
        <source>%1 is no longer Evading.</source>
        <translation>%1 n&apos;est plus en Esquive.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="559"/>
        <source>%1 is no longer Station Keeping.</source>
        <translation>%1 n&apos;est plus en Maintien de Position.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="560"/>
        <source>%1 is no longer Stealthed.</source>
        <translation>%1 n&apos;est plus Furtif.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="563"/>
        <source>The game is over after turn %1: %2 (Objective Points %3–%4, Victory Points %5–%6).</source>
        <translation>La partie est terminée après le tour %1 : %2 (Points d&apos;Objectif %3–%4, Points de Victoire %5–%6).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="566"/>
        <source>a draw</source>
        <translation>match nul</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="567"/>
        <source>%1 wins</source>
        <translation>%1 gagne</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="571"/>
        <source>%1 must be within 3&quot; of one of %2&apos;s Beacon markers</source>
        <translation>%1 doit être à 3&quot; ou moins de l&apos;un des marqueurs Balise de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="573"/>
        <source>%1 must be wholly within %2&apos;s quadrant</source>
        <translation>%1 doit être entièrement dans le quadrant de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="575"/>
        <source>%1 must be wholly within %2&apos;s Deployment Zone (the 12&quot; strip along the %3 edge)</source>
        <translation>%1 doit être entièrement dans la Zone de Déploiement de %2 (la bande de 12&quot; le long du bord %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="579"/>
        <source>%1 may not end in base contact with or overlapping %2</source>
        <translation>%1 ne peut pas finir au contact socle à socle de %2 ni en le chevauchant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="581"/>
        <source>models are deployed in the Deployment Phase</source>
        <translation>les figurines se déploient pendant la Phase de Déploiement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="582"/>
        <source>%1 is not %2&apos;s to deploy</source>
        <translation>ce n&apos;est pas à %2 de déployer %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="584"/>
        <source>the Defender places the Comet before any model is deployed</source>
        <translation>le Défenseur place la Comète avant qu&apos;aucune figurine ne soit déployée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="586"/>
        <source>%1 is not In Reserve</source>
        <translation>%1 n&apos;est pas En Réserve</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="587"/>
        <source>%1 deploys %2 at (%3, %4) facing %5°.</source>
        <translation>%1 déploie %2 en (%3, %4) orienté à %5°.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="589"/>
        <source>models are deployed Embarked in the Deployment Phase; later, with the Land action</source>
        <translation>les figurines se déploient Embarquées pendant la Phase de Déploiement ; plus tard, avec l&apos;action Appontage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="592"/>
        <source>no such model</source>
        <translation>figurine inexistante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="593"/>
        <source>%1 may not be deployed now</source>
        <translation>%1 ne peut pas être déployé maintenant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="595"/>
        <source>Capital Ships may not be Embarked at deployment</source>
        <translation>Les Vaisseaux Capitaux ne peuvent pas être Embarqués au déploiement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="597"/>
        <source>Squadrons may not be Embarked in the first Deployment Phase</source>
        <translation>Les Escadrilles ne peuvent pas être Embarquées lors de la première Phase de Déploiement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="601"/>
        <source>Squadrons may be Embarked only on Capital Ships deployed in this Phase; %1 was not</source>
        <translation>Les Escadrilles ne peuvent être Embarquées que sur des Vaisseaux Capitaux déployés pendant cette Phase ; %1 ne l&apos;a pas été</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="605"/>
        <source>%1 must embark on a friendly model on the table</source>
        <translation>%1 doit embarquer sur une figurine amie sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="606"/>
        <source>%1&apos;s Hangers are full (%2 of %3)</source>
        <translation>Les Hangars de %1 sont pleins (%2 sur %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="607"/>
        <source>%1 deploys %2 Embarked on %3.</source>
        <translation>%1 déploie %2 Embarquée sur %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="608"/>
        <source>there is nothing to decline</source>
        <translation>il n&apos;y a rien à refuser</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="610"/>
        <source>the Beacon markers are placed first</source>
        <translation>les marqueurs Balise sont placés d&apos;abord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="612"/>
        <source>players deploy all their Capital Ships first</source>
        <translation>les joueurs déploient d&apos;abord tous leurs Vaisseaux Capitaux</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="614"/>
        <source>players deploy one Capital Ship each first</source>
        <translation>les joueurs déploient d&apos;abord un Vaisseau Capital chacun</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="616"/>
        <source>with Fleet Deployment at least one model must be deployed within 3&quot; of each Beacon marker: %1 of %2&apos;s have none</source>
        <translation>avec Fleet Deployment, au moins une figurine doit être déployée à 3&quot; ou moins de chaque marqueur Balise : %1 des marqueurs de %2 n&apos;en ont aucune</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="619"/>
        <source>%1 declines to deploy.</source>
        <translation>%1 renonce à déployer.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="620"/>
        <source>Deployment Phase of turn %1.</source>
        <translation>Phase de Déploiement du tour %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="622"/>
        <source>%1 is an Escort: it deploys with the Squadrons (Traits › Escort)</source>
        <translation>%1 est un Escort : il se déploie avec les Escadrilles (Traits › Escort)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="625"/>
        <source>the scenario&apos;s set-up and Beacon markers come first</source>
        <translation>la mise en place du scénario et les marqueurs Balise viennent d&apos;abord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="627"/>
        <source>%1 declined to deploy until the next Deployment Phase</source>
        <translation>%1 a renoncé à déployer jusqu&apos;à la prochaine Phase de Déploiement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="629"/>
        <source>one Capital Ship each in the first Deployment Phase</source>
        <translation>un Vaisseau Capital chacun lors de la première Phase de Déploiement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="631"/>
        <source>%1 may not be deployed now: one Capital Ship each first, then two Squadrons each</source>
        <translation>%1 ne peut pas être déployé maintenant : d&apos;abord un Vaisseau Capital chacun, puis deux Escadrilles chacun</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="636"/>
        <source>%1 may not be deployed now: the Capital Ships of the first Deployment Phase are deployed</source>
        <translation>%1 ne peut pas être déployé maintenant : les Vaisseaux Capitaux de la première Phase de Déploiement sont déployés</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="640"/>
        <source>two Squadrons each in the first Deployment Phase</source>
        <translation>deux Escadrilles chacun lors de la première Phase de Déploiement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="643"/>
        <source>%1 may not be deployed now: all Capital Ships deploy first, then Squadrons</source>
        <translation>%1 ne peut pas être déployé maintenant : tous les Vaisseaux Capitaux se déploient d&apos;abord, puis les Escadrilles</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="647"/>
        <source>with Fleet Deployment at least one model must be deployed within 3&quot; of each Beacon marker: %1 marker(s) would have none and %2 model(s) are left</source>
        <translation>avec Fleet Deployment, au moins une figurine doit être déployée à 3&quot; ou moins de chaque marqueur Balise : %1 marqueur(s) n&apos;en aurai(en)t aucune et il reste %2 figurine(s)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="651"/>
        <source>The Capital Ships are deployed; now the Squadrons.</source>
        <translation>Les Vaisseaux Capitaux sont déployés ; maintenant les Escadrilles.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="655"/>
        <source>Concentrated Fire</source>
        <translation>Tir Concentré</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="656"/>
        <source>Evade</source>
        <translation>Esquive</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="657"/>
        <source>Initiate Boarding</source>
        <translation>Lancer l&apos;Abordage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="658"/>
        <source>Land</source>
        <translation>Appontage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="659"/>
        <source>Launch</source>
        <translation>Lancement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="660"/>
        <source>Lock On</source>
        <translation>Verrouillage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="661"/>
        <source>Ramming Speed</source>
        <translation>Éperonnage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="662"/>
        <source>Vector Attack</source>
        <translation>Attaque Vectorielle</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="663"/>
        <source>Withdraw</source>
        <translation>Retrait</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="664"/>
        <source>Boost</source>
        <translation>Poussée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="665"/>
        <source>Initiate Assault</source>
        <translation>Lancer l&apos;Assaut</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="666"/>
        <source>Initiate Bombing</source>
        <translation>Lancer le Bombardement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="667"/>
        <source>Interception</source>
        <translation>Interception</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="668"/>
        <source>Damage Control</source>
        <translation>Contrôle des Avaries</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="669"/>
        <source>Engage Point Defense</source>
        <translation>Engager la Défense Ponctuelle</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="670"/>
        <source>Long Range Sensors</source>
        <translation>Senseurs Longue Portée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="671"/>
        <source>Lay Mines</source>
        <translation>Poser des Mines</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="672"/>
        <source>Purge Airlocks</source>
        <translation>Purger les Sas</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="673"/>
        <source>Reorient</source>
        <translation>Réorientation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="674"/>
        <source>Silent Running</source>
        <translation>Marche Silencieuse</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="675"/>
        <source>Station Keep</source>
        <translation>Maintien de Position</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="676"/>
        <source>Tug</source>
        <translation>Remorquage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="677"/>
        <source>Tender Transfer</source>
        <translation>Transfert de Ravitaillement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="678"/>
        <source>Search for Escape Pods</source>
        <translation>Chercher des Capsules de Sauvetage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="681"/>
        <source>only Squadrons may declare %1</source>
        <translation>seules les Escadrilles peuvent déclarer %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="683"/>
        <source>only Capital Ships may declare %1</source>
        <translation>seuls les Vaisseaux Capitaux peuvent déclarer %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="685"/>
        <source>%1 may only declare Damage Control (Repair) or Withdraw</source>
        <translation>%1 ne peut déclarer que Contrôle des Avaries (Réparation) ou Retrait</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="689"/>
        <source>%1 is Returning to Base: it may only declare Boost, Evade, Withdraw or Vector Attack</source>
        <translation>%1 est en Retour à la Base : il ne peut déclarer que Poussée, Esquive, Retrait ou Attaque Vectorielle</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="692"/>
        <source>%1 has no %2 trait</source>
        <translation>%1 n&apos;a pas le trait %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="694"/>
        <source>only Capital Ships or Squadrons with the Comms trait may declare Vector Attack</source>
        <translation>seuls les Vaisseaux Capitaux ou les Escadrilles ayant le trait Comms peuvent déclarer Attaque Vectorielle</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="697"/>
        <source>requires Sensors 1+</source>
        <translation>nécessite Senseurs 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="699"/>
        <source>a model with the Sluggish trait may not Evade</source>
        <translation>une figurine ayant le trait Sluggish ne peut pas faire d&apos;Esquive</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="701"/>
        <source>requires Thrusters 1+ or Fuel 2+</source>
        <translation>nécessite Propulseurs 1+ ou Carburant 2+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="702"/>
        <source>requires Thrusters 1+</source>
        <translation>nécessite Propulseurs 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="704"/>
        <source>%1 must have only 1 Structure left to ram (it has %2)</source>
        <translation>%1 ne doit plus avoir que 1 Structure pour éperonner (il en a %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="705"/>
        <source>requires Defense 1+</source>
        <translation>nécessite Défense 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="706"/>
        <source>requires a working Minelayer trait</source>
        <translation>nécessite un trait Minelayer en état de marche</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="707"/>
        <source>requires Fire Control 2+</source>
        <translation>nécessite Conduite de Tir 2+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="708"/>
        <source>requires Fuel 1+</source>
        <translation>nécessite Carburant 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="710"/>
        <source>requires Defense 1+, Sensors 1+ and Thrusters 1+</source>
        <translation>nécessite Défense 1+, Senseurs 1+ et Propulseurs 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="711"/>
        <source>only an Exo-Armor may Assault</source>
        <translation>seule une Exo-Armure peut lancer un Assaut</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="712"/>
        <source>requires Marines 1+</source>
        <translation>nécessite Marines 1+</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="714"/>
        <source>Boarding actions may not be attempted until turn %1</source>
        <translation>Les actions d&apos;Abordage ne peuvent pas être tentées avant le tour %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="716"/>
        <source>%1 is Boarded: a Boarded ship may not Initiate Boarding (%2)</source>
        <translation>%1 est Abordé : un vaisseau Abordé ne peut pas Lancer l&apos;Abordage (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="719"/>
        <source>%1 is an action of another scenario, not of %2</source>
        <translation>%1 est une action d&apos;un autre scénario, pas de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="721"/>
        <source>%1 searches from the table, not Embarked</source>
        <translation>%1 fouille depuis la table, pas Embarquée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="724"/>
        <source>%1 may not Withdraw until reduced to Structure %2 or less (it has %3)</source>
        <translation>%1 ne peut pas faire de Retrait avant d&apos;être réduit à Structure %2 ou moins (il en a %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="727"/>
        <source>the Defender may not withdraw Capital Ships until turn %1</source>
        <translation>le Défenseur ne peut pas retirer de Vaisseaux Capitaux avant le tour %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="729"/>
        <source>%1 is not Boarded</source>
        <translation>%1 n&apos;est pas Abordé</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="731"/>
        <source>%1 is Assaulting: it must declare Initiate Bombing (rules %2)</source>
        <translation>%1 est En Assaut : elle doit déclarer Lancer le Bombardement (règles %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="736"/>
        <source>%1 makes a Skill Test for %2: %3: %4.</source>
        <translation>%1 fait un Test de Compétence pour %2 : %3 : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="738"/>
        <source>Bombing after an Interception</source>
        <translation>Bombardement après une Interception</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="739"/>
        <source>%1 is Evading.</source>
        <translation>%1 est en Esquive.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="740"/>
        <source>%1 is Station Keeping (Speed 0).</source>
        <translation>%1 est en Maintien de Position (Vitesse 0).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="741"/>
        <source>%1 is Stealthed.</source>
        <translation>%1 est Furtif.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="742"/>
        <source>%1 fails to go silent.</source>
        <translation>%1 ne parvient pas à passer en Marche Silencieuse.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="744"/>
        <source>%1 is Sluggish: it makes two Reorient turns at the end of its move instead of one.</source>
        <translation>%1 est Sluggish : il effectue deux virages de Réorientation à la fin de son déplacement au lieu d&apos;un.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="748"/>
        <source>%1 may turn to face any direction this activation.</source>
        <translation>%1 peut s&apos;orienter dans n&apos;importe quelle direction pendant cette activation.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="750"/>
        <source>%1 may make one turn more than its Turns rating.</source>
        <translation>%1 peut effectuer un virage de plus que sa valeur de Virages.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="751"/>
        <source>Double Speed (%1&quot;, 1 Fuel)</source>
        <translation>Vitesse doublée (%1&quot;, 1 Carburant)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="752"/>
        <source>Triple Speed (%1&quot;, 2 Fuel)</source>
        <translation>Vitesse triplée (%1&quot;, 2 Carburant)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="753"/>
        <source>%1 boosts: Speed x%2 for %3 Fuel.</source>
        <translation>%1 effectue une Poussée : Vitesse x%2 pour %3 Carburant.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="755"/>
        <source>%1 purges its airlocks: Boarders %2 -&gt; %3.</source>
        <translation>%1 purge ses sas : Assaillants %2 -&gt; %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="756"/>
        <source>%1 finds no escape pods.</source>
        <translation>%1 ne trouve aucune capsule de sauvetage.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="758"/>
        <source>%1 finds %2 escape pod(s) and takes them aboard (%3 aboard).</source>
        <translation>%1 trouve %2 capsule(s) de sauvetage et les prend à bord (%3 à bord).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="760"/>
        <source>Repair of %1: %2: %3: %4.</source>
        <translation>Réparation de %1 : %2 : %3 : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="761"/>
        <source>%1 (%2 now)</source>
        <translation>%1 (maintenant %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="762"/>
        <source>Which Rating of %1 is repaired?</source>
        <translation>Quel Indice de %1 est réparé ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="763"/>
        <source>%1: %2 repaired (%3).</source>
        <translation>%1 : %2 réparé (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="764"/>
        <source>Two Rating repairs</source>
        <translation>Deux réparations d&apos;Indice</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="765"/>
        <source>Weapon: %1</source>
        <translation>Arme : %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="766"/>
        <source>System Trait: %1</source>
        <translation>Trait de Système : %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="767"/>
        <source>What does the Repair fix on %1?</source>
        <translation>Que répare la Réparation sur %1 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="768"/>
        <source>%1: %2 repaired.</source>
        <translation>%1 : %2 réparé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="769"/>
        <source>How is %1 repaired?</source>
        <translation>Comment %1 est-il réparé ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="770"/>
        <source>Two [D] repairs</source>
        <translation>Deux réparations [D]</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="771"/>
        <source>One Structure</source>
        <translation>Une Structure</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="772"/>
        <source>%1: one Structure repaired.</source>
        <translation>%1 : une Structure réparée.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="773"/>
        <source>%1 is no longer Crippled.</source>
        <translation>%1 n&apos;est plus Désemparé.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="774"/>
        <source>%1: %2 Structure repaired (%3).</source>
        <translation>%1 : %2 Structure réparée(s) (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="775"/>
        <source>%1 takes no %2</source>
        <translation>%1 n&apos;accepte pas de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="776"/>
        <source>this activation</source>
        <translation>cette activation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="777"/>
        <source>point (at)</source>
        <translation>point (at)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="778"/>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="779"/>
        <source>terrain</source>
        <translation>terrain</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="781"/>
        <source>%1 is off the table until it Launches</source>
        <translation>%1 est hors de la table jusqu&apos;à son Lancement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="783"/>
        <source>give where the Mine token goes (at: [x, y])</source>
        <translation>indiquez où va le pion Mine (at: [x, y])</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="784"/>
        <source>%1 declared no Action</source>
        <translation>%1 n&apos;a déclaré aucune Action</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="786"/>
        <source>%1 is resolved when it is declared</source>
        <translation>%1 est résolue au moment où elle est déclarée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="788"/>
        <source>the %1 has been resolved already</source>
        <translation>%1 a déjà été résolu(e)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="789"/>
        <source>%1 needs a target Capital Ship</source>
        <translation>%1 nécessite un Vaisseau Capital pour cible</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="791"/>
        <source>the target must be an enemy Squadron on the table</source>
        <translation>la cible doit être une Escadrille ennemie sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="793"/>
        <source>the target must be an enemy model on the table</source>
        <translation>la cible doit être une figurine ennemie sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="795"/>
        <source>the target must be an enemy Capital Ship on the table</source>
        <translation>la cible doit être un Vaisseau Capital ennemi sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="797"/>
        <source>%1 engages its Point Defense against %2 squadron(s) within 3&quot;.</source>
        <translation>%1 engage sa Défense Ponctuelle contre %2 escadrille(s) à 3&quot; ou moins.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="800"/>
        <source>%1 must be 6&quot; from enemy models; %2 is %3 away</source>
        <translation>%1 doit être à 6&quot; des figurines ennemies ; %2 est à %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="804"/>
        <source>%1 fails to Withdraw.</source>
        <translation>%1 rate son Retrait.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="805"/>
        <source>%1 Withdraws.</source>
        <translation>%1 se retire.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="806"/>
        <source>%1 Withdraws with it.</source>
        <translation>%1 se retire avec lui.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="808"/>
        <source>%1 cannot make its minimum move on the table: it leaves the table and is Withdrawn.</source>
        <translation>%1 ne peut pas effectuer son déplacement minimum sur la table : il quitte la table et est Retiré.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="812"/>
        <source>%1 vectors %2 Squadron(s) (%3 in Sensor Range).</source>
        <translation>%1 guide %2 Escadrille(s) (%3 à portée de Senseurs).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="814"/>
        <source>Vector Attack: which Squadron moves up to 3&quot; (%1 more)?</source>
        <translation>Attaque Vectorielle : quelle Escadrille se déplace de 3&quot; au plus (encore %1) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="817"/>
        <source>Move %1</source>
        <translation>Déplacer %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="818"/>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="820"/>
        <source>the Tug moves a friendly model with the Static trait</source>
        <translation>le Remorqueur déplace une figurine amie ayant le trait Static</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="821"/>
        <source>%1 must be within 3&quot; of %2 (%3 away)</source>
        <translation>%1 doit être à 3&quot; ou moins de %2 (à %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="822"/>
        <source>%1 has been moved 3&quot; this turn already</source>
        <translation>%1 a déjà été déplacé de 3&quot; ce tour</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="823"/>
        <source>%1 tows %2 %3 towards itself.</source>
        <translation>%1 remorque %2 de %3 vers lui.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="825"/>
        <source>the Tender transfers to another friendly ship on the table</source>
        <translation>le Ravitailleur transfère vers un autre vaisseau ami sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="828"/>
        <source>%1 has nothing %2 can transfer: no lost Marines, no damaged trait that %2 has boxes of</source>
        <translation>%1 n&apos;a rien que %2 puisse transférer : aucun Marine perdu, aucun trait endommagé dont %2 ait des cases</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="832"/>
        <source>Marines: 1 (%1 has %2, %3 has %4 of %5)</source>
        <translation>Marines : 1 (%1 en a %2, %3 en a %4 sur %5)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="833"/>
        <source>%1: a box</source>
        <translation>%1 : une case</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="834"/>
        <source>What does %1 transfer to %2?</source>
        <translation>Que transfère %1 à %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="835"/>
        <source>a Marine</source>
        <translation>un Marine</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="836"/>
        <source>a %1 box</source>
        <translation>une case de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="837"/>
        <source>%1 transfers %2 to %3.</source>
        <translation>%1 transfère %2 à %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="840"/>
        <source>%1: %2&apos;s Skill</source>
        <translation>%1 : Compétence de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="841"/>
        <source>%1 AS as AC (Assault)</source>
        <translation>%1 AS comme AC (Assaut)</translation>
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
        <translation>courte portée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="845"/>
        <source>%1 is Station Keeping</source>
        <translation>%1 est en Maintien de Position</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="846"/>
        <source>Ace</source>
        <translation>As</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="847"/>
        <source>Sniper</source>
        <translation>Tireur d&apos;Élite</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="848"/>
        <source>Dogfight</source>
        <translation>Combat Rapproché</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="849"/>
        <source>Assault</source>
        <translation>Assaut</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="850"/>
        <source>Bombing</source>
        <translation>Bombardement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="851"/>
        <source>in %1&apos;s Port arc</source>
        <translation>dans l&apos;arc Bâbord de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="852"/>
        <source>in %1&apos;s Starboard arc</source>
        <translation>dans l&apos;arc Tribord de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="853"/>
        <source>in %1&apos;s Aft arc</source>
        <translation>dans l&apos;arc Arrière de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="854"/>
        <source>Fore armor</source>
        <translation>Blindage Avant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="855"/>
        <source>Port armor</source>
        <translation>Blindage Bâbord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="856"/>
        <source>Starboard armor</source>
        <translation>Blindage Tribord</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="857"/>
        <source>Aft armor</source>
        <translation>Blindage Arrière</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="858"/>
        <source>%1 armor</source>
        <translation>Blindage %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="859"/>
        <source>%1 Macro</source>
        <translation>%1 Macro</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="860"/>
        <source>%1&apos;s ECM</source>
        <translation>ECM de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="861"/>
        <source>Kinetic Cannon secondary target</source>
        <translation>Cible secondaire du Canon Cinétique</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="862"/>
        <source>Mine Sweeper Array</source>
        <translation>Dispositif de Déminage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="863"/>
        <source>Tender (%1)</source>
        <translation>Ravitailleur (%1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="864"/>
        <source>Evasive %1</source>
        <translation>Évasif %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="865"/>
        <source>%1&apos;s Defense</source>
        <translation>Défense de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="866"/>
        <source>Defense +%1 %2</source>
        <translation>Défense +%1 %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="867"/>
        <source>%1 within 3&quot;</source>
        <translation>%1 à 3&quot; ou moins</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="868"/>
        <source>Drones</source>
        <translation>Drones</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="870"/>
        <source>starting Structure + 1, within 3&quot;</source>
        <translation>Structure de départ + 1, à 3&quot; ou moins</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="871"/>
        <source>half the starting Structure</source>
        <translation>la moitié de la Structure de départ</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="872"/>
        <source>starting Structure</source>
        <translation>Structure de départ</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="873"/>
        <source>within 3&quot;</source>
        <translation>à 3&quot; ou moins</translation>
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
        <translation>il n&apos;y a pas de figurine %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="877"/>
        <source>%1&apos;s unit card is missing</source>
        <translation>la carte d&apos;unité de %1 est manquante</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="878"/>
        <source>%1 has no weapon %2</source>
        <translation>%1 n&apos;a pas d&apos;arme %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="879"/>
        <source>%1 is not on the table (%2)</source>
        <translation>%1 n&apos;est pas sur la table (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="880"/>
        <source>%1 cannot attack itself</source>
        <translation>%1 ne peut pas s&apos;attaquer lui-même</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="881"/>
        <source>%1 is a friendly model</source>
        <translation>%1 est une figurine amie</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="882"/>
        <source>%1 is not activating</source>
        <translation>%1 n&apos;est pas en cours d&apos;activation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="883"/>
        <source>%1&apos;s %2 is damaged</source>
        <translation>%2 de %1 est endommagé(e)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="885"/>
        <source>%1&apos;s %2 has already been used in this Attack Window%3</source>
        <translation>%2 de %1 a déjà été utilisé(e) dans cette Fenêtre d&apos;Attaque%3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="886"/>
        <source> (Array: twice)</source>
        <translation> (Array : deux fois)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="888"/>
        <source>%1 has no Fire Control left (%2 of %3 spent)</source>
        <translation>%1 n&apos;a plus de Conduite de Tir (%2 sur %3 dépensée(s))</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="890"/>
        <source>a Lance can only be used in an Assault, Bombing, or Dogfight</source>
        <translation>une Lance ne peut être utilisée que lors d&apos;un Assaut, d&apos;un Bombardement ou d&apos;un Combat Rapproché</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="893"/>
        <source>%1 may not be used in a Dogfight or Assault</source>
        <translation>%1 ne peut pas être utilisé(e) en Combat Rapproché ni en Assaut</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="894"/>
        <source>%1 may not be used in a Dogfight</source>
        <translation>%1 ne peut pas être utilisé(e) en Combat Rapproché</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="896"/>
        <source>the attacks of an Assault are made on the Capital Ship</source>
        <translation>les attaques d&apos;un Assaut visent le Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="899"/>
        <source>the attacks of a Bombing are made on the Capital Ship</source>
        <translation>les attaques d&apos;un Bombardement visent le Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="901"/>
        <source>the attacks of a Dogfight are made on the other Squadron</source>
        <translation>les attaques d&apos;un Combat Rapproché visent l&apos;autre Escadrille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="904"/>
        <source>%1&apos;s %2 has AC 0: it cannot attack Capital Ships</source>
        <translation>%2 de %1 a AC 0 : il ne peut pas attaquer de Vaisseaux Capitaux</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="906"/>
        <source>%1&apos;s %2 has AS 0: it cannot attack Squadrons</source>
        <translation>%2 de %1 a AS 0 : il ne peut pas attaquer d&apos;Escadrilles</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="908"/>
        <source>all attacks of %1 this activation must target the same Capital Ship</source>
        <translation>toutes les attaques de %1 pendant cette activation doivent viser le même Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="911"/>
        <source>%1 is %2 away; sensors reach Short Range only (%3) until turn %4</source>
        <translation>%1 est à %2 ; les senseurs n&apos;atteignent que la Courte Portée (%3) jusqu&apos;au tour %4</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="914"/>
        <source>%1 is %2 away; %3 reaches %4 against capital ships%5</source>
        <translation>%1 est à %2 ; %3 porte à %4 contre les vaisseaux capitaux%5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="916"/>
        <source>%1 is %2 away; %3 reaches %4 against squadrons%5</source>
        <translation>%1 est à %2 ; %3 porte à %4 contre les escadrilles%5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="917"/>
        <source>Stealth %1</source>
        <translation>Furtivité %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="918"/>
        <source>Emissions %1</source>
        <translation>Émissions %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="919"/>
        <source>Sensors damaged to %1</source>
        <translation>Senseurs endommagés à %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="920"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="921"/>
        <source>%1 is not in the %2 arc of %3&apos;s %4</source>
        <translation>%1 n&apos;est pas dans l&apos;arc %2 de %4 de %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="923"/>
        <source>%1 may only attack a Capital Ship this activation</source>
        <translation>%1 ne peut attaquer qu&apos;un Vaisseau Capital pendant cette activation</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="925"/>
        <source>%1 has chosen %2 as its single target</source>
        <translation>%1 a choisi %2 comme cible unique</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="927"/>
        <source>%1 failed its Skill Test to target %2 this turn</source>
        <translation>%1 a raté son Test de Compétence pour cibler %2 ce tour</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="929"/>
        <source>an Assaulting squadron may only be targeted by weapons with a 0 Macro Rating; %1 has Macro %2</source>
        <translation>une escadrille En Assaut ne peut être ciblée que par des armes d&apos;Indice Macro 0 ; %1 a Macro %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="932"/>
        <source>a decision is pending</source>
        <translation>une décision est en attente</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="933"/>
        <source>%1&apos;s %2</source>
        <translation>%2 de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="934"/>
        <source>%1 is Assaulting</source>
        <translation>%1 est En Assaut</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="936"/>
        <source>Long Range Sensors Skill Test [N]</source>
        <translation>Test de Compétence de Senseurs Longue Portée [N]</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="937"/>
        <source>TD (%1)</source>
        <translation>TD (%1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="938"/>
        <source>Remove %1: %2</source>
        <translation>Retirer %1 : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="940"/>
        <source>%1 rolled %2: which Flex die to remove?</source>
        <translation>%1 a obtenu %2 : quel dé Flex retirer ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="942"/>
        <source>%1 rolled %2: which Flex dice to remove?</source>
        <translation>%1 a obtenu %2 : quels dés Flex retirer ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="943"/>
        <source>, macro %1</source>
        <translation>, macro %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="944"/>
        <source>, removes %1</source>
        <translation>, retire %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="945"/>
        <source>%1 rolls %2: %3%4%5: %6.</source>
        <translation>%1 lance %2 : %3%4%5 : %6.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="946"/>
        <source>%1 rolled %2: re-roll (%3)?</source>
        <translation>%1 a obtenu %2 : relancer (%3) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="947"/>
        <source>Keep %1</source>
        <translation>Garder %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="948"/>
        <source>Re-roll</source>
        <translation>Relancer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="949"/>
        <source>%1&apos;s Point Defense (%2)</source>
        <translation>Défense Ponctuelle de %1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="950"/>
        <source>%1&apos;s Barrier (%2)</source>
        <translation>Barrière de %1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="951"/>
        <source>Which defence opposes %1&apos;s %2 on %3?</source>
        <translation>Quelle défense s&apos;oppose à %2 de %1 contre %3 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="952"/>
        <source>%1 becomes %2</source>
        <translation>%1 devient %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="954"/>
        <source>%1&apos;s %2 diminishes %3: which results?</source>
        <translation>%2 de %1 diminue %3 : quels résultats ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="955"/>
        <source>%1&apos;s %2 diminishes %3 to %4.</source>
        <translation>%2 de %1 diminue %3 en %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="956"/>
        <source>%1: %2 becomes %3.</source>
        <translation>%1 : %2 devient %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="957"/>
        <source>, short range</source>
        <translation>, courte portée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="958"/>
        <source>, long range</source>
        <translation>, longue portée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="960"/>
        <source>%1 is a secondary target of %2: %3%4.</source>
        <translation>%1 est une cible secondaire de %2 : %3%4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="961"/>
        <source>%1 attacks %2 with %3: %4%5.</source>
        <translation>%1 attaque %2 avec %3 : %4%5.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="962"/>
        <source>Beam Projector</source>
        <translation>Projecteur à Faisceau</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="963"/>
        <source>Countermeasures</source>
        <translation>Contre-mesures</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="964"/>
        <source>Swarm</source>
        <translation>Essaim</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="965"/>
        <source>Nuke</source>
        <translation>Arme Nucléaire</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="966"/>
        <source>Lock On: which Value for the %1?</source>
        <translation>Verrouillage : quelle Valeur pour le %1 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="967"/>
        <source>%1&apos;s Energy Armor</source>
        <translation>Blindage Énergétique de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="968"/>
        <source>%1&apos;s Reactive Armor</source>
        <translation>Blindage Réactif de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="969"/>
        <source>%1 hits %2: %3.</source>
        <translation>%1 touche %2 : %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="970"/>
        <source>%1 misses %2.</source>
        <translation>%1 manque %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="972"/>
        <source>%1 fails to target the Cloaked %2: its Fire Control is not spent.</source>
        <translation>%1 ne parvient pas à cibler %2, occulté : sa Conduite de Tir n&apos;est pas dépensée.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="975"/>
        <source>Lock On with %1&apos;s %2 (one more Fire Control)?</source>
        <translation>Verrouillage avec %2 de %1 (une Conduite de Tir de plus) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="977"/>
        <source>Lock On: spend 2 Fire Control, re-roll an [N], choose the Values of [D] and [T]</source>
        <translation>Verrouillage : dépenser 2 Conduite de Tir, relancer un [N], choisir les Valeurs de [D] et [T]</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="980"/>
        <source>Attack without Lock On</source>
        <translation>Attaquer sans Verrouillage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="982"/>
        <source>Spend %1 Fuel: +%1B</source>
        <translation>Dépenser %1 Carburant : +%1B</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="986"/>
        <source>%1 expends Fire Control: no longer Stealthed.</source>
        <translation>%1 dépense de la Conduite de Tir : n&apos;est plus Furtif.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="988"/>
        <source>%1 is gone: %2&apos;s remaining %3 hold fire.</source>
        <translation>%1 n&apos;est plus là : les %3 restants de %2 cessent le feu.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="989"/>
        <source>%1&apos;s Point Defense</source>
        <translation>Défense Ponctuelle de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="990"/>
        <source>%1 attacks %2: %3.</source>
        <translation>%1 attaque %2 : %3.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="991"/>
        <source>the explosion of %1</source>
        <translation>l&apos;explosion de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="993"/>
        <source>%1 explodes: %2B within 3&quot;, %3B within 3&quot; + %4&quot;.</source>
        <translation>%1 explose : %2B à 3&quot; ou moins, %3B à 3&quot; + %4&quot; ou moins.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="995"/>
        <source>%1 explodes: a Particle Cannon attack on every model within 6&quot;.</source>
        <translation>%1 explose : une attaque de Canon à Particules sur chaque figurine à 6&quot; ou moins.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="998"/>
        <source>The explosion of %1 attacks %2 (%3&quot;): %4.</source>
        <translation>L&apos;explosion de %1 attaque %2 (%3&quot;) : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1000"/>
        <source>may re-roll the attack once (the odds re-roll an [N])</source>
        <translation>peut relancer l&apos;attaque une fois (les probabilités relancent un [N])</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1001"/>
        <source>may re-roll an [N] once</source>
        <translation>peut relancer un [N] une fois</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1003"/>
        <source>you may spend one more Fire Control to re-roll an [N] and choose the Values of [D] and [T] (not in the odds)</source>
        <translation>vous pouvez dépenser une Conduite de Tir de plus pour relancer un [N] et choisir les Valeurs de [D] et [T] (hors probabilités)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1006"/>
        <source>[T] and [Q+] results are Diminished</source>
        <translation>les résultats [T] et [Q+] sont Diminués</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1007"/>
        <source>every result is Diminished</source>
        <translation>chaque résultat est Diminué</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1009"/>
        <source>results with an odd Value are Diminished (not in the odds)</source>
        <translation>les résultats de Valeur impaire sont Diminués (hors probabilités)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1011"/>
        <source>every result is Escalated</source>
        <translation>chaque résultat est Amplifié</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1012"/>
        <source>%1&apos;s Shield</source>
        <translation>Bouclier de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1014"/>
        <source>results with Value 1 or 2 do one less damage (not in the odds)</source>
        <translation>les résultats de Valeur 1 ou 2 infligent un dégât de moins (hors probabilités)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1016"/>
        <source>Precise</source>
        <translation>Précis</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1017"/>
        <source>you choose the rating each [D] damages</source>
        <translation>vous choisissez l&apos;indice que chaque [D] endommage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1018"/>
        <source>Particle Cannon</source>
        <translation>Canon à Particules</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1020"/>
        <source>a hit leaves the squadron Disrupted</source>
        <translation>une touche laisse l&apos;escadrille Perturbée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1021"/>
        <source>[T+] also damages a rating</source>
        <translation>[T+] endommage aussi un indice</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1022"/>
        <source>Mass Driver</source>
        <translation>Accélérateur de Masse</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1023"/>
        <source>[D] results add a Critical Hit</source>
        <translation>les résultats [D] ajoutent un Coup Critique</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1027"/>
        <source>the scenario is set up already (the engine sends this command itself when a game starts)</source>
        <translation>le scénario est déjà mis en place (le moteur envoie lui-même cette commande au début d&apos;une partie)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1030"/>
        <source>Deploy in %1</source>
        <translation>Se déployer dans le %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1032"/>
        <source>Which quadrant does %1 deploy in? (The opponent deploys in the diagonally opposite one.)</source>
        <translation>Dans quel quadrant %1 se déploie-t-il ? (L&apos;adversaire se déploie dans le quadrant diagonalement opposé.)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1035"/>
        <source>%1 deploys in %2, %3 in %4.</source>
        <translation>%1 se déploie dans le %2, %3 dans le %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1037"/>
        <source>Beacon markers are placed at the start of the first Deployment Phase, before any model</source>
        <translation>Les marqueurs Balise sont placés au début de la première Phase de Déploiement, avant toute figurine</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1040"/>
        <source>%1 has no Beacon markers</source>
        <translation>%1 n&apos;a pas de marqueurs Balise</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1042"/>
        <source>%1 has placed all four Beacon markers</source>
        <translation>%1 a placé ses quatre marqueurs Balise</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1043"/>
        <source>a Beacon marker is placed on the table</source>
        <translation>un marqueur Balise se place sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1045"/>
        <source>Markers must be at least 12&quot; from any other Beacon marker: %1&apos;s at (%2, %3) is %4 away</source>
        <translation>Les marqueurs doivent être à au moins 12&quot; de tout autre marqueur Balise : celui de %1 en (%2, %3) est à %4</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1048"/>
        <source>%1 places Beacon marker %2 at (%3, %4).</source>
        <translation>%1 place le marqueur Balise %2 en (%3, %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1050"/>
        <source>No spot on the table is 12&quot; from every Beacon marker: the players place no more.</source>
        <translation>Aucun emplacement de la table n&apos;est à 12&quot; de tous les marqueurs Balise : les joueurs n&apos;en placent plus.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1053"/>
        <source>the top edge</source>
        <translation>le bord supérieur</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1054"/>
        <source>the right edge</source>
        <translation>le bord droit</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1055"/>
        <source>the bottom edge</source>
        <translation>le bord inférieur</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1056"/>
        <source>the left edge</source>
        <translation>le bord gauche</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1057"/>
        <source>Escape through %1</source>
        <translation>Fuir par %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1059"/>
        <source>Which table edge must %1 (the Defender) escape through?</source>
        <translation>Par quel bord de table %1 (le Défenseur) doit-il fuir ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1200"/>
        <source>On the table: how far is %1 from %2 (for its %3)?</source>
        <translation>Sur la table : à quelle distance %1 est-il de %2 (pour %3) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1201"/>
        <source>Short range: within %1</source>
        <translation>Courte portée : à %1 ou moins</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1202"/>
        <source>Long range: within %1</source>
        <translation>Longue portée : à %1 ou moins</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1203"/>
        <source>Out of range: farther than %1</source>
        <translation>Hors de portée : au-delà de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1205"/>
        <source>On the table: is %1 in the %2 arc of %3?</source>
        <translation>Sur la table : %1 est-il dans l&apos;arc %2 de %3 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1207"/>
        <source>On the table: in which arc of %1 is %2?</source>
        <translation>Sur la table : dans quel arc de %1 se trouve %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1209"/>
        <source>On the table: is %1 within %2 of %3?</source>
        <translation>Sur la table : %1 est-il à %2 ou moins de %3 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1210"/>
        <source>On the table: is %1 in %2?</source>
        <translation>Sur la table : %1 est-il dans %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1212"/>
        <source>On the table: which other model is within %1 of %2 (%3; the nearest first)?</source>
        <translation>Sur la table : quelle autre figurine est à %1 ou moins de %2 (%3 ; la plus proche d&apos;abord) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1216"/>
        <source>On the table: which other model does the Kinetic Cannon&apos;s 1&quot; line from %1 to %2 touch (the farthest from %1 first)?</source>
        <translation>Sur la table : quelle autre figurine la ligne de 1&quot; du Canon Cinétique de %1 à %2 touche-t-elle (la plus éloignée de %1 d&apos;abord) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1219"/>
        <source>No other model</source>
        <translation>Aucune autre figurine</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1221"/>
        <source>On the table: does the line of fire from %1 to %2 cross %3, or is %2 in it?</source>
        <translation>Sur la table : la ligne de tir de %1 à %2 traverse-t-elle %3, ou %2 s&apos;y trouve-t-il ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1225"/>
        <source>On the table: did the move of %1 cross %2, or end in it?</source>
        <translation>Sur la table : le déplacement de %1 a-t-il traversé %2, ou s&apos;y est-il terminé ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1228"/>
        <source>On the table: did the move of %1 come within %2 of %3?</source>
        <translation>Sur la table : pendant son déplacement, %1 est-il passé à %2 ou moins de %3 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1231"/>
        <source>On the table: does %1 end its movement overlapping %2?</source>
        <translation>Sur la table : %1 termine-t-il son déplacement en chevauchant %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1234"/>
        <source>On the table: does %1 start its movement in %2?</source>
        <translation>Sur la table : %1 commence-t-il son déplacement dans %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1236"/>
        <source>On the table: is the table edge of %1 wholly in the %2 arc of %3?</source>
        <translation>Sur la table : le bord de table de %1 est-il entièrement dans l&apos;arc %2 de %3 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1240"/>
        <source>On the table: which model did %1 overlap or pass over as the Comet moved %2 (one at a time)?</source>
        <translation>Sur la table : quelle figurine %1 a-t-elle chevauchée ou balayée pendant le déplacement de %2 de la Comète (une à la fois) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1243"/>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1245"/>
        <source>%1 is out of %2&apos;s Sensor Range on the table (farther than %3)</source>
        <translation>%1 est hors de portée des Senseurs de %2 sur la table (au-delà de %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1248"/>
        <source>%1 is not in the %2 arc of %3&apos;s %4 on the table</source>
        <translation>%1 n&apos;est pas dans l&apos;arc %2 de %4 de %3 sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1249"/>
        <source>Point Defense support</source>
        <translation>Soutien de Défense Ponctuelle</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1250"/>
        <source>the explosion</source>
        <translation>l&apos;explosion</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1252"/>
        <source>The explosion of %1 attacks %2 (within %3): %4.</source>
        <translation>L&apos;explosion de %1 attaque %2 (à %3 ou moins) : %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1254"/>
        <source>Intercept with %1 (within 3&quot; on the table)</source>
        <translation>Intercepter avec %1 (à 3&quot; ou moins sur la table)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1256"/>
        <source>Towards %1 (the nearest with Hangers)</source>
        <translation>Vers %1 (la plus proche avec Hangars)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1257"/>
        <source>On the table: does %1 reach %2?</source>
        <translation>Sur la table : %1 atteint-il %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1259"/>
        <source>%1 is placed within 1&quot; of %2 on the table.</source>
        <translation>%1 est placé à 1&quot; ou moins de %2 sur la table.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1260"/>
        <source>Not done: %1.</source>
        <translation>Non effectué : %1.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1261"/>
        <source>%1 lays %2 on the table.</source>
        <translation>%1 pose %2 sur la table.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1262"/>
        <source>%1 deploys %2.</source>
        <translation>%1 déploie %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1264"/>
        <source>%1 places Beacon marker %2 on the table.</source>
        <translation>%1 place le marqueur Balise %2 sur la table.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1266"/>
        <source>On the table: %1 is deployed. Of %2&apos;s %3 Beacon marker(s) with no model within 3&quot; yet, how many is it within 3&quot; of?</source>
        <translation>Sur la table : %1 est déployé. Parmi les %3 marqueur(s) Balise de %2 qui n&apos;ont encore aucune figurine à 3&quot; ou moins, combien sont à 3&quot; ou moins de %1 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1269"/>
        <source>None of them</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1270"/>
        <source>%1 of them</source>
        <translation>%1 d&apos;entre eux</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1272"/>
        <source>On the table: is %1 within %2 of %3, the table edge %4 escapes through?</source>
        <translation>Sur la table : %1 est-il à %2 ou moins de %3, le bord de table par lequel %4 fuit ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1276"/>
        <source>%1 is not within %2 of %3 on the table: it may not Withdraw</source>
        <translation>%1 n&apos;est pas à %2 ou moins de %3 sur la table : pas de Retrait possible</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1279"/>
        <source>%1 places the Stationary Comet on the table, %2 across (%3).</source>
        <translation>%1 place la Comète Stationnaire sur la table, %2 de diamètre (%3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1283"/>
        <source>Roll %1 dice (%2) for %3</source>
        <translation>Lancer %1 dés (%2) pour %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1284"/>
        <source>Roll %1 dice for %2</source>
        <translation>Lancer %1 dés pour %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1285"/>
        <source>Roll 1 die for %1</source>
        <translation>Lancer 1 dé pour %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1286"/>
        <source>%1&apos;s %2 attack on %3</source>
        <translation>l&apos;attaque de %1 avec %2 contre %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1287"/>
        <source>%1&apos;s activation</source>
        <translation>l&apos;activation de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1288"/>
        <source>the Deployment Phase</source>
        <translation>la Phase de Déploiement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1289"/>
        <source>the End Phase</source>
        <translation>la Phase Finale</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1290"/>
        <source>Let the app roll them</source>
        <translation>Laisser l&apos;appli les lancer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1291"/>
        <source>no roll is waiting</source>
        <translation>aucun jet en attente</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1293"/>
        <source>%1 face(s) given: roll exactly %2 (%3)</source>
        <translation>%1 face(s) saisie(s) : lancez exactement %2 (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1295"/>
        <source>a die shows 1 to 6: %1 is not a face</source>
        <translation>un dé va de 1 à 6 : %1 n&apos;est pas une face</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1297"/>
        <source>corrections by hand are for a physical table: on the digital table the engine keeps the cards</source>
        <translation>les corrections manuelles sont pour une vraie table : sur la table numérique, le moteur tient les cartes à jour</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1301"/>
        <source>no field &apos;%1&apos; to correct (structure, defense, sensors, thrusters, marines, fuel, weapon, trait, state, activated, fire-control, location, objective-points)</source>
        <translation>aucun champ &apos;%1&apos; à corriger (structure, defense, sensors, thrusters, marines, fuel, weapon, trait, state, activated, fire-control, location, objective-points)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1305"/>
        <source>no model %1 to correct</source>
        <translation>aucune figurine %1 à corriger</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1307"/>
        <source>&apos;%1&apos; is corrected on the game (model -1), not on %2</source>
        <translation>&apos;%1&apos; se corrige sur la partie (figurine -1), pas sur %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1309"/>
        <source>&apos;%1&apos; is corrected on a model: name one</source>
        <translation>&apos;%1&apos; se corrige sur une figurine : indiquez-en une</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1311"/>
        <source>%1 of %2 is from %3 to %4, not %5</source>
        <translation>%1 de %2 va de %3 à %4, pas %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1312"/>
        <source>%1 has no weapon line %2</source>
        <translation>%1 n&apos;a pas de ligne d&apos;arme %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1313"/>
        <source>%1 has no trait %2 with boxes</source>
        <translation>%1 n&apos;a pas de trait %2 avec des cases</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1314"/>
        <source>no player %1 (0 or 1)</source>
        <translation>pas de joueur %1 (0 ou 1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1315"/>
        <source>no state &apos;%1&apos; (%2)</source>
        <translation>pas d&apos;état &apos;%1&apos; (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1317"/>
        <source>no location &apos;%1&apos; (table, reserve, embarked, destroyed, withdrawn)</source>
        <translation>pas d&apos;emplacement &apos;%1&apos; (table, reserve, embarked, destroyed, withdrawn)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1320"/>
        <source>%1 cannot be Embarked on model %2</source>
        <translation>%1 ne peut pas être Embarquée sur la figurine %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1322"/>
        <source>nothing to correct: %1 is already %2</source>
        <translation>rien à corriger : %1 est déjà %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1324"/>
        <source>Correction: %1&apos;s %2: %3 box(es) marked (was %4).</source>
        <translation>Correction : %1, %2 : %3 case(s) cochée(s) (avant : %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1326"/>
        <source>Correction: %1&apos;s %2: %3 spent (was %4).</source>
        <translation>Correction : %1, %2 : %3 dépensé(s) (avant : %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1328"/>
        <source>Correction: %1&apos;s %2: %3 instance(s) damaged (was %4).</source>
        <translation>Correction : %1, %2 : %3 exemplaire(s) endommagé(s) (avant : %4).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1329"/>
        <source>Correction: %1 is %2.</source>
        <translation>Correction : %1 est %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1330"/>
        <source>Correction: %1 is no longer %2.</source>
        <translation>Correction : %1 n&apos;est plus %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1332"/>
        <source>Correction: %1 has activated this turn.</source>
        <translation>Correction : %1 a été activé ce tour.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1334"/>
        <source>Correction: %1 has not activated this turn.</source>
        <translation>Correction : %1 n&apos;a pas été activé ce tour.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1336"/>
        <source>Correction: %1 is now %2 (was %3).</source>
        <translation>Correction : %1 est maintenant %2 (avant : %3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1338"/>
        <source>Correction: player %1&apos;s objective points: %2 (was %3).</source>
        <translation>Correction : Points d&apos;Objectif du joueur %1 : %2 (avant : %3).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1341"/>
        <source>%1 has no Structure left and is Destroyed.</source>
        <translation>%1 n&apos;a plus de Structure et est Détruit.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1342"/>
        <source>on the table</source>
        <translation>sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1343"/>
        <source>In Reserve</source>
        <translation>En Réserve</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1344"/>
        <source>Embarked on %1</source>
        <translation>Embarquée sur %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1345"/>
        <source>Destroyed</source>
        <translation>Détruit</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1346"/>
        <source>Withdrawn</source>
        <translation>Retiré</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1350"/>
        <source>deploys a model</source>
        <translation>déploie une figurine</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1351"/>
        <source>deploys %1</source>
        <translation>déploie %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1352"/>
        <source>embarks a squadron</source>
        <translation>embarque une Escadrille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1353"/>
        <source>embarks %1 on %2</source>
        <translation>embarque %1 sur %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1354"/>
        <source>deploys nothing more now</source>
        <translation>ne déploie plus rien pour l&apos;instant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1355"/>
        <source>activates %1 to %2</source>
        <translation>active %1 pour %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1356"/>
        <source>activates %1</source>
        <translation>active %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1357"/>
        <source>moves %1 %2&quot;</source>
        <translation>déplace %1 de %2&quot;</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1358"/>
        <source>a weapon</source>
        <translation>une arme</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1359"/>
        <source>%1 fires %2 at %3</source>
        <translation>%1 tire avec %2 sur %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1360"/>
        <source>answers</source>
        <translation>répond</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1361"/>
        <source>answers &quot;%1&quot; with &quot;%2&quot;</source>
        <translation>répond « %2 » à « %1 »</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1362"/>
        <source>launches a squadron</source>
        <translation>lance une Escadrille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1363"/>
        <source>lands %1 on %2</source>
        <translation>fait apponter %1 sur %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1364"/>
        <source>resolves the Action of %1 on %2</source>
        <translation>résout l&apos;Action de %1 sur %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1365"/>
        <source>resolves the Action of %1</source>
        <translation>résout l&apos;Action de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1366"/>
        <source>ends the activation of %1</source>
        <translation>termine l&apos;activation de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1367"/>
        <source>places a beacon</source>
        <translation>place un marqueur Balise</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1368"/>
        <source>sets up the scenario</source>
        <translation>met en place le scénario</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1369"/>
        <source>places the comet</source>
        <translation>place la comète</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1370"/>
        <source>rolls</source>
        <translation>lance les dés</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1371"/>
        <source>corrects a card</source>
        <translation>corrige une carte</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1372"/>
        <source>%1: a random choice</source>
        <translation>%1 : un choix au hasard</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1373"/>
        <source>%1: no better choice</source>
        <translation>%1 : pas de meilleur choix</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1375"/>
        <source>%1: %2% for a hit, %3 expected Structure damage; the best of %4 choices</source>
        <translation>%1 : %2 % de chances de toucher, %3 dégâts de Structure attendus ; le meilleur de %4 choix</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1379"/>
        <source>%1, %2&quot; from %3: the best of %4 choices</source>
        <translation>%1, à %2&quot; de %3 : le meilleur de %4 choix</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1380"/>
        <source>%1: the best of %2 choices</source>
        <translation>%1 : le meilleur de %2 choix</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1381"/>
        <source>%1: the best of %2 choices it weighed</source>
        <translation>%1 : le meilleur des %2 choix évalués</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1383"/>
        <source>its choice</source>
        <translation>son choix</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1387"/>
        <source>%1 made no attack rolls.</source>
        <translation>%1 n&apos;a fait aucun jet d&apos;attaque.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1389"/>
        <source>%1 %2: %3 in %4 (%5 expected); damage %6 (%7 expected).</source>
        <translation>%1 %2 : %3 en %4 (%5 attendus) ; dégâts %6 (%7 attendus).</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1391"/>
        <source>rolled as expected</source>
        <translation>a lancé comme prévu</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1392"/>
        <source>rolled %1% above expectation</source>
        <translation>a lancé %1 % au-dessus de l&apos;espérance</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1393"/>
        <source>rolled %1% below expectation</source>
        <translation>a lancé %1 % en dessous de l&apos;espérance</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1395"/>
        <source>%1 success</source>
        <translation>%1 succès</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1396"/>
        <source>%1 successes</source>
        <translation>%1 succès</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1397"/>
        <source>%1 attack roll</source>
        <translation>%1 jet d&apos;attaque</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1398"/>
        <source>%1 attack rolls</source>
        <translation>%1 jets d&apos;attaque</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1404"/>
        <source>%1 (%2, unit %3)</source>
        <translation>%1 (%2, unité %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1405"/>
        <source>%1 (unit %2)</source>
        <translation>%1 (unité %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1407"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1408"/>
        <source>Squadrons</source>
        <translation>Escadrilles</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1409"/>
        <source>Capital Ships</source>
        <translation>Vaisseaux Capitaux</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1410"/>
        <source>Upgrades and static defenses</source>
        <translation>Améliorations et défenses statiques</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1415"/>
        <source>%1: %2 of %3 points (%4), at least %5 needed%6: %7</source>
        <translation>%1 : %2 sur %3 points (%4), au moins %5 requis%6 : %7</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1417"/>
        <source>%1: %2 of %3 points (%4), at most %5 allowed%6: %7</source>
        <translation>%1 : %2 sur %3 points (%4), au plus %5 autorisés%6 : %7</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1418"/>
        <source>%1 to spare</source>
        <translation>%1 de marge</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1419"/>
        <source>%1 more</source>
        <translation>%1 manquants</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1420"/>
        <source>%1 over</source>
        <translation>%1 de trop</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1421"/>
        <source>%1% of %2 = %3, rounded up: %4</source>
        <translation>%1% de %2 = %3, arrondi au supérieur : %4</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1422"/>
        <source>%1% of %2 = %3</source>
        <translation>%1% de %2 = %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1425"/>
        <source>unknown rules profile &apos;%1&apos; (known: %2)</source>
        <translation>profil de règles &apos;%1&apos; inconnu (connus : %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1426"/>
        <source>set the rules to one of %1</source>
        <translation>choisir les règles parmi %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1428"/>
        <source>no faction &apos;%1&apos; in the unit database (known: %2)</source>
        <translation>aucune faction &apos;%1&apos; dans la base d&apos;unités (connues : %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1430"/>
        <source>set the faction to one of the known ids</source>
        <translation>choisir la faction parmi les identifiants connus</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1432"/>
        <source>unit %1: no unit &apos;%2&apos; in the unit database</source>
        <translation>unité %1 : aucune unité &apos;%2&apos; dans la base d&apos;unités</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1434"/>
        <source>unit %1: no unit &apos;%2&apos; in the unit database (did you mean &apos;%3&apos;?)</source>
        <translation>unité %1 : aucune unité &apos;%2&apos; dans la base d&apos;unités (vouliez-vous dire &apos;%3&apos; ?)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1437"/>
        <source>remove it, or name a unit of the database</source>
        <translation>la retirer, ou nommer une unité de la base</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1438"/>
        <source>write &apos;%1&apos; (%2, %3)</source>
        <translation>écrire &apos;%1&apos; (%2, %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1440"/>
        <source>%1 is a unit of the %2, not of this %3 fleet</source>
        <translation>%1 est une unité de la faction %2, pas de cette flotte de la faction %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1442"/>
        <source>remove %1 (-%2)</source>
        <translation>retirer %1 (-%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1444"/>
        <source>the points limit must be a positive number, not %1</source>
        <translation>la limite de points doit être un nombre positif, pas %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1446"/>
        <source>set the limit to the agreed points (100, 250, 500)</source>
        <translation>fixer la limite aux points convenus (100, 250, 500)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1448"/>
        <source>Total: %1 of %2 points: %3 unspent (under %4% of the limit)</source>
        <translation>Total : %1 sur %2 points : %3 non dépensés (moins de %4% de la limite)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1450"/>
        <source>remove units worth %1 points</source>
        <translation>retirer des unités valant %1 points</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1451"/>
        <source>%1, or raise the limit to %2</source>
        <translation>%1, ou relever la limite à %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1452"/>
        <source>remove %1 points of %2</source>
        <translation>retirer %1 points en %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1454"/>
        <source>add at least %1 points of %2 (%3 points are left under the limit)</source>
        <translation>ajouter au moins %1 points en %2 (il reste %3 points sous la limite)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1457"/>
        <source>add at least %1 points of %2, and remove %3 points of other units to stay within the limit</source>
        <translation>ajouter au moins %1 points en %2, et retirer %3 points d&apos;autres unités pour rester dans la limite</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1461"/>
        <source>its %1 card prints no Unit Cap and the Unit Cap of its %2 card is not published</source>
        <translation>sa carte %1 n&apos;indique aucune Limite d&apos;Unités et la Limite d&apos;Unités de sa carte %2 n&apos;est pas publiée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1465"/>
        <source>it has no Unit Cap in the unit data</source>
        <translation>elle n&apos;a pas de Limite d&apos;Unités dans les données des unités</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1467"/>
        <source>%1: %2: its copies are not limited (check the printed card)</source>
        <translation>%1 : %2 : ses exemplaires ne sont pas limités (vérifiez la carte imprimée)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1470"/>
        <source>%1: %2, at most %3 allowed (UC %4 x %5 of %6 points): %7 too many</source>
        <translation>%1 : %2, au plus %3 autorisés (LU %4 x %5 de %6 points) : %7 de trop</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1474"/>
        <source>%1 copy</source>
        <translation>%1 exemplaire</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1475"/>
        <source>%1 copies</source>
        <translation>%1 exemplaires</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1476"/>
        <source>%1 block</source>
        <translation>%1 bloc</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1477"/>
        <source>%1 blocks</source>
        <translation>%1 blocs</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1478"/>
        <source>%1 Unit Cap block</source>
        <translation>%1 bloc de Limite d&apos;Unités</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1479"/>
        <source>%1 Unit Cap blocks</source>
        <translation>%1 blocs de Limite d&apos;Unités</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1480"/>
        <source>%1 unit</source>
        <translation>%1 unité</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1481"/>
        <source>%1 units</source>
        <translation>%1 unités</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1482"/>
        <source>%1 Squadron</source>
        <translation>%1 Escadrille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1483"/>
        <source>%1 Squadrons</source>
        <translation>%1 Escadrilles</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1485"/>
        <source>remove %1 %2 (-%3), or raise the limit to %4 for %5</source>
        <translation>retirer %1 %2 (-%3), ou relever la limite à %4 pour %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1486"/>
        <source>%1: no upgrade &apos;%2&apos; (known: %3)</source>
        <translation>%1 : aucune amélioration &apos;%2&apos; (connues : %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1487"/>
        <source>remove &apos;%1&apos; from %2</source>
        <translation>retirer &apos;%1&apos; de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1488"/>
        <source>%1 takes %2 more than once</source>
        <translation>%1 prend %2 plus d&apos;une fois</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1489"/>
        <source>remove the second %1</source>
        <translation>retirer le second %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1491"/>
        <source>%1 on %2: jwfleet does not have the %3 upgrade cards, so it cannot check this upgrade (its %4 TV is the v1.2.3 card&apos;s): check the printed %3 card</source>
        <translation>%1 sur %2 : jwfleet n&apos;a pas les cartes d&apos;amélioration %3 et ne peut donc pas vérifier cette amélioration (sa VM de %4 est celle de la carte v1.2.3) : vérifiez la carte %3 imprimée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1495"/>
        <source>it has no upgrades</source>
        <translation>il n&apos;a pas d&apos;améliorations</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1496"/>
        <source>it offers %1</source>
        <translation>il propose %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1498"/>
        <source>%1 on %2: not in rules %3 (%4)</source>
        <translation>%1 sur %2 : absent des règles %3 (%4)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1500"/>
        <source>remove %1 (-%2), or build to rules v1.2.3</source>
        <translation>retirer %1 (-%2), ou construire selon les règles v1.2.3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1502"/>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1503"/>
        <source>remove %1 from %2</source>
        <translation>retirer %1 de %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1505"/>
        <source>%1 already has %2: %3 adds nothing</source>
        <translation>%1 a déjà %2 : %3 n&apos;apporte rien</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1507"/>
        <source>%1 is taken %2 times, once per fleet allowed: %3</source>
        <translation>%1 est pris %2 fois, une seule fois par flotte autorisée : %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1508"/>
        <source>keep %1 on one unit only</source>
        <translation>ne garder %1 que sur une seule unité</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1510"/>
        <source>%1 is embarked on unit %2, but the list has %3</source>
        <translation>%1 est embarquée sur l&apos;unité %2, mais la liste compte %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1512"/>
        <source>embark it on a unit of the list, or deploy it</source>
        <translation>l&apos;embarquer sur une unité de la liste, ou la déployer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1513"/>
        <source>%1 is embarked on itself</source>
        <translation>%1 est embarquée sur elle-même</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1515"/>
        <source>embark it on a carrier, or deploy it</source>
        <translation>l&apos;embarquer sur un porte-vaisseaux, ou la déployer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1517"/>
        <source>%1 has Dock and may not start Embarked (on %2)</source>
        <translation>%1 a Dock et ne peut pas commencer Embarquée (sur %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1518"/>
        <source>deploy %1 on the table</source>
        <translation>déployer %1 sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1521"/>
        <source>%1 cannot embark on %2: a %3 embarks only on a model with %4, and %5 has none</source>
        <translation>%1 ne peut pas embarquer sur %2 : une unité de type %3 n&apos;embarque que sur une figurine avec %4, et %5 n&apos;en a pas</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1524"/>
        <source>Squadron</source>
        <translation>Escadrille</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1525"/>
        <source>Capital Ship</source>
        <translation>Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1527"/>
        <source>embark %1 on a model with %2, or deploy it</source>
        <translation>embarquer %1 sur une figurine avec %2, ou la déployer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1529"/>
        <source>%1 starts docked on %2: only if the scenario allows it</source>
        <translation>%1 commence amarrée à %2 : seulement si le scénario le permet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1532"/>
        <source>%1 is embarked on %2, itself embarked on %3: only if the scenario allows it</source>
        <translation>%1 est embarquée sur %2, elle-même embarquée sur %3 : seulement si le scénario le permet</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1536"/>
        <source>%1 is embarked on %2, itself embarked on %3: only Squadrons may be on an Embarked Capital Ship</source>
        <translation>%1 est embarquée sur %2, elle-même embarquée sur %3 : seules des Escadrilles peuvent être sur un Vaisseau Capital Embarqué</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1540"/>
        <source>deploy %1 or %2 on the table</source>
        <translation>déployer %1 ou %2 sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1542"/>
        <source>%1 carries %2, Hangers: %3 allows %3: %4 too many (%5)</source>
        <translation>%1 transporte %2, Hangars : %3 en autorise %3 : %4 de trop (%5)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1545"/>
        <source>deploy %1 of them on the table, or embark them elsewhere</source>
        <translation>en déployer %1 sur la table, ou les embarquer ailleurs</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1548"/>
        <source>%1 docks %2 Capital Ships, Dock allows 1: %3 too many (%4)</source>
        <translation>%1 amarre %2 Vaisseaux Capitaux, Dock en autorise 1 : %3 de trop (%4)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1550"/>
        <source>deploy %1 of them on the table</source>
        <translation>en déployer %1 sur la table</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1552"/>
        <source>the Threat Value of %1</source>
        <translation>la Valeur de Menace de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1553"/>
        <source>the Unit Cap of %1</source>
        <translation>la Limite d&apos;Unités de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1554"/>
        <source>%1 and %2</source>
        <translation>%1 et %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1556"/>
        <source>this verdict rests on values that are not published: %1 is jwfleet&apos;s estimate, not the printed card&apos;s</source>
        <translation>ce verdict repose sur des valeurs non publiées : %1 est une estimation de jwfleet, pas la valeur de la carte imprimée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1560"/>
        <source>this verdict rests on values that are not published: %1 are jwfleet&apos;s estimates, not the printed card&apos;s</source>
        <translation>ce verdict repose sur des valeurs non publiées : %1 sont des estimations de jwfleet, pas les valeurs de la carte imprimée</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1564"/>
        <source>check these values against the printed cards (`jwfleet-cli unit ID` says where each value comes from)</source>
        <translation>vérifier ces valeurs sur les cartes imprimées (`jwfleet-cli unit ID` indique d&apos;où vient chaque valeur)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1568"/>
        <source>this verdict uses values entered by the user from a printed card, not shipped with jwfleet: %1</source>
        <translation>ce verdict utilise des valeurs saisies par l&apos;utilisateur depuis une carte imprimée, non fournies avec jwfleet : %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1572"/>
        <source>check these values against the printed cards, or set JW_NO_USER_DATA=1 to check with the shipped values only</source>
        <translation>vérifier ces valeurs sur les cartes imprimées, ou définir JW_NO_USER_DATA=1 pour ne vérifier qu&apos;avec les valeurs fournies</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1577"/>
        <source>%1 is for squadrons; %2 is a Capital Ship</source>
        <translation>%1 est réservé aux Escadrilles ; %2 est un Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1579"/>
        <source>%1 is for non-Drone squadrons; %2 is a Drone</source>
        <translation>%1 est réservé aux Escadrilles qui ne sont pas des Drones ; %2 est un Drone</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="802"/>
        <source>%1 may only Withdraw within %2 of the escape edge; it is %3 away</source>
        <translation>%1 ne peut faire Retrait qu&apos;à %2 ou moins du bord de fuite ; il en est à %3</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1061"/>
        <source>%1 must escape through %2.</source>
        <translation>%1 doit fuir par %2.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1062"/>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1063"/>
        <source>%1; %2</source>
        <translation>%1 ; %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1065"/>
        <source>Standing Objective Points: %1 %2, %3 %4.</source>
        <translation>Points d&apos;Objectif actuels : %1 %2, %3 %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1067"/>
        <source>Standing Objective Points: %1 %2, %3 %4: %5</source>
        <translation>Points d&apos;Objectif actuels : %1 %2, %3 %4 : %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1069"/>
        <source>Final Objective Points: %1 %2, %3 %4.</source>
        <translation>Points d&apos;Objectif finaux : %1 %2, %3 %4.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1071"/>
        <source>Final Objective Points: %1 %2, %3 %4: %5</source>
        <translation>Points d&apos;Objectif finaux : %1 %2, %3 %4 : %5</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1073"/>
        <source>%1 is the first player to attack.</source>
        <translation>%1 est le premier joueur à attaquer.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1075"/>
        <source>%1&apos;s %2 Escape Pod(s) are lost with it.</source>
        <translation>Les %2 Capsule(s) de Sauvetage de %1 sont perdue(s) avec lui.</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="984"/>
        <source>How much Fuel does %1 spend on its %2?</source>
        <translation>Combien de Carburant dépense %1 pour %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="981"/>
        <source>Spend no Fuel</source>
        <translation>Ne pas dépenser de Carburant</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1076"/>
        <source>Spend %1 Fuel (+%1d6)</source>
        <translation>Dépenser %1 Carburant (+%1d6)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1078"/>
        <source>Does %1 forfeit a unit of water to gain the Fuel Pods trait (once per game)?</source>
        <translation>Est-ce que %1 renonce à une unité d&apos;eau pour obtenir le trait Fuel Pods (une fois par partie) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1081"/>
        <source>Keep the water</source>
        <translation>Garder l&apos;eau</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1083"/>
        <source>Forfeit 1 unit of water: gain the Fuel Pods trait</source>
        <translation>Renoncer à 1 unité d&apos;eau : obtenir le trait Fuel Pods</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1084"/>
        <source>None: leave them aboard %1</source>
        <translation>Aucune : les laisser à bord de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1085"/>
        <source>Take %1 unit(s) of water</source>
        <translation>Prendre %1 unité(s) d&apos;eau</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1087"/>
        <source>How many of %1&apos;s %2 unit(s) of water does %3 take with it?</source>
        <translation>Combien des %2 unité(s) d&apos;eau de %1 emporte %3 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1094"/>
        <source>%1: which weapon does it fire?</source>
        <translation>%1 : quelle arme fait feu ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1095"/>
        <source>Fire %1 (%2)</source>
        <translation>Tirer avec %1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1096"/>
        <source>Stop attacking</source>
        <translation>Cesser d&apos;attaquer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1097"/>
        <source>%1&apos;s Bombing Run on %2</source>
        <translation>passe de Bombardement de %1 sur %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1098"/>
        <source>%1 engages %2</source>
        <translation>%1 engage %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1099"/>
        <source>%1 Assaults %2</source>
        <translation>%1 lance un Assaut sur %2</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1101"/>
        <source>Does %1 make another Bombing Run on %2 (%3)?</source>
        <translation>Est-ce que %1 effectue une autre passe de Bombardement sur %2 (%3) ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1102"/>
        <source>free</source>
        <translation>gratuit</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1103"/>
        <source>1 Fuel of %1</source>
        <translation>1 Carburant de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1104"/>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1105"/>
        <source>No: Return to Base</source>
        <translation>Non : Retour à la Base</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1107"/>
        <source>%1&apos;s Bombing on %2 is over: what does it do?</source>
        <translation>Le Bombardement de %1 sur %2 est terminé : que faire ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1109"/>
        <source>%1&apos;s Assault on %2 is over: what does it do?</source>
        <translation>L&apos;Assaut de %1 sur %2 est terminé : que faire ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1110"/>
        <source>Return to Base</source>
        <translation>Retour à la Base</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1112"/>
        <source>Enter the Assaulting state (stay on %1)</source>
        <translation>Passer à l&apos;état En Assaut (rester sur %1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1114"/>
        <source>%1 activates: does %2 keep Assaulting it?</source>
        <translation>%1 s&apos;active : est-ce que %2 poursuit son Assaut ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1116"/>
        <source>Keep Assaulting (placed in base contact again after %1 moves)</source>
        <translation>Poursuivre l&apos;Assaut (replacé au contact socle à socle après le déplacement de %1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1119"/>
        <source>Disengage: a 4&quot; move away from %1 now</source>
        <translation>Se désengager : déplacement immédiat de 4&quot; pour s&apos;éloigner de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1121"/>
        <source>Stop: Return to Base (stay here as %1 moves away)</source>
        <translation>Arrêter : Retour à la Base (rester ici pendant que %1 s&apos;éloigne)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1125"/>
        <source>begins a Bombing on %1</source>
        <translation>commence un Bombardement sur %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1126"/>
        <source>declares %1</source>
        <translation>déclare %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1127"/>
        <source>declares an Interception</source>
        <translation>déclare une Interception</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1128"/>
        <source>Assaults %1</source>
        <translation>lance un Assaut sur %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1129"/>
        <source>ends a Movement</source>
        <translation>termine un déplacement</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1130"/>
        <source>mines the Comet</source>
        <translation>exploite la Comète</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1131"/>
        <source>attacks %1</source>
        <translation>attaque %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1133"/>
        <source>%1 (within 3&quot; of your squadrons) %2: intercept it?</source>
        <translation>%1 (à 3&quot; ou moins de vos Escadrilles) %2 : l&apos;intercepter ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1134"/>
        <source>Intercept with %1 (%2 away)</source>
        <translation>Intercepter avec %1 (à %2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1135"/>
        <source>No interception</source>
        <translation>Pas d&apos;interception</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1136"/>
        <source>Dogfight: what does %1 do?</source>
        <translation>Combat Rapproché : que fait %1 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1137"/>
        <source>Engage: attack %1 (1 Fuel)</source>
        <translation>Engager : attaquer %1 (1 Carburant)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1138"/>
        <source>Break Off (1 Fuel, Skill Test)</source>
        <translation>Décrocher (1 Carburant, Test de Compétence)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1140"/>
        <source>Stay on Target: Point Defense on %1</source>
        <translation>Rester sur la Cible : Défense Ponctuelle sur %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1141"/>
        <source>%1 may end the Dogfight: does it?</source>
        <translation>%1 peut mettre fin au Combat Rapproché : le faire ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1143"/>
        <source>%1 may end the Dogfight by spending all its Fuel: does it?</source>
        <translation>%1 peut mettre fin au Combat Rapproché en dépensant tout son Carburant : le faire ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1145"/>
        <source>Yes, end the Dogfight</source>
        <translation>Oui, mettre fin au Combat Rapproché</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1146"/>
        <source>No, fight on</source>
        <translation>Non, continuer le combat</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1148"/>
        <source>%1 survives the Dogfight with Fuel: what now?</source>
        <translation>%1 sort du Combat Rapproché avec du Carburant : et maintenant ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1149"/>
        <source>Stay</source>
        <translation>Rester</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1150"/>
        <source>Carry on</source>
        <translation>Continuer</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1151"/>
        <source>Free Movement (up to %1)</source>
        <translation>Déplacement Libre (jusqu&apos;à %1)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1154"/>
        <source>How many Marines does %1 send to board %2?</source>
        <translation>Combien de Marines envoie %1 à l&apos;abordage de %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1155"/>
        <source>Commit %1 Marine</source>
        <translation>Engager %1 Marine</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1156"/>
        <source>Commit %1 Marines</source>
        <translation>Engager %1 Marines</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1158"/>
        <source>Boarders on %1: how do its Marines fight?</source>
        <translation>Assaillants sur %1 : comment combattent ses Marines ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1159"/>
        <source>Engage: attack the Boarders</source>
        <translation>Engager : attaquer les Assaillants</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1161"/>
        <source>Defend: secure the ship&apos;s systems</source>
        <translation>Défendre : sécuriser les systèmes du vaisseau</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1162"/>
        <source>%1&apos;s Boarders on %2: what do they do?</source>
        <translation>Assaillants de %1 sur %2 : que font-ils ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1164"/>
        <source>Engage: attack the defending Marines</source>
        <translation>Engager : attaquer les Marines en défense</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1165"/>
        <source>Sabotage: damage a system</source>
        <translation>Saboter : endommager un système</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1166"/>
        <source>Where does %1 return to base?</source>
        <translation>Retour à la Base de %1 : vers où ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1167"/>
        <source>Toward %1&apos;s table edge</source>
        <translation>Vers le bord de table de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1169"/>
        <source>Toward %1, the nearest model with Hangers (%2)</source>
        <translation>Vers %1, la figurine la plus proche avec Hangars (%2)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1171"/>
        <source>Does %1 spend 1 Fuel to double its Speed?</source>
        <translation>Est-ce que %1 dépense 1 Carburant pour doubler sa Vitesse ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1172"/>
        <source>No: move %1</source>
        <translation>Non : se déplacer de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1173"/>
        <source>Yes: move %1</source>
        <translation>Oui : se déplacer de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1175"/>
        <source>Precise: where does the [D%1] on %2 go?</source>
        <translation>Précis : où va le [D%1] sur %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1176"/>
        <source>%1 (%2 -&gt; %3)</source>
        <translation>%1 (%2 -&gt; %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1177"/>
        <source>%1 (%2 of %3 boxes left)</source>
        <translation>%1 (%2 cases restantes sur %3)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1179"/>
        <source>Mass Driver: which [D] result causes the Critical Hit on %1?</source>
        <translation>Accélérateur de Masse : quel résultat [D] cause le Coup Critique sur %1 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1181"/>
        <source>Critical Hit on %1: which one?</source>
        <translation>Coup Critique sur %1 : lequel ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1184"/>
        <source>Does %1 take one of %2&apos;s %3 escape pod(s) with it?</source>
        <translation>Est-ce que %1 emporte l&apos;une des %3 capsule(s) de sauvetage de %2 ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1185"/>
        <source>No: leave them aboard %1</source>
        <translation>Non : les laisser à bord de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1186"/>
        <source>Yes: take one escape pod</source>
        <translation>Oui : emporter une capsule de sauvetage</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1188"/>
        <source>the Wreck of %1</source>
        <translation>l&apos;Épave de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1189"/>
        <source>the Tail of %1</source>
        <translation>la Queue de %1</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1191"/>
        <source>%1 ends its movement overlapping %2: does it avoid it?</source>
        <translation>%1 termine son déplacement en chevauchant %2 : l&apos;éviter ?</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1193"/>
        <source>Stay on %1 (AC:6 attack)</source>
        <translation>Rester sur %1 (attaque AC:6)</translation>
    </message>
    <message>
        <location filename="../core/engine/messagelist.h" line="1195"/>
        <source>Avoid %1: repositioned clear of it, as if it were a larger ship</source>
        <translation>Éviter %1 : replacé à l&apos;écart, comme s&apos;il s&apos;agissait d&apos;un vaisseau plus grand</translation>
    </message>
</context>
<context>
    <name>jw::FleetBuilder</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="63"/>
        <source>Add to Fleet</source>
        <translation>Ajouter à la flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="66"/>
        <source>Add the selected unit (or double-click it, or drag it to the fleet)</source>
        <translation>Ajouter l&apos;unité sélectionnée (ou double-cliquez dessus, ou faites-la glisser dans la flotte)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="70"/>
        <source>&lt;b&gt;Units&lt;/b&gt;</source>
        <translation>&lt;b&gt;Unités&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="82"/>
        <source>Fleet list</source>
        <translation>Liste de flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="106"/>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="110"/>
        <source>Copy the selected models, to paste them into another fleet</source>
        <translation>Copier les figurines sélectionnées pour les coller dans une autre flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="111"/>
        <source>&amp;Paste</source>
        <translation>C&amp;oller</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="115"/>
        <source>Add the copied models to this fleet</source>
        <translation>Ajouter les figurines copiées à cette flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="131"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="134"/>
        <source>Move Up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="135"/>
        <source>Move Down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="136"/>
        <source>Duplicate</source>
        <translation>Dupliquer</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="149"/>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="431"/>
        <source>Selected model</source>
        <translation>Figurine sélectionnée</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="153"/>
        <source>Start the game on the table, or embarked on a carrier (Hangers for squadrons, Dock for a capital ship)</source>
        <translation>Commencer la partie sur la table, ou embarquée sur un porte-vaisseaux (Hangars pour les Escadrilles, Dock pour un Vaisseau Capital)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="155"/>
        <source>Starts:</source>
        <translation>Début :</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="158"/>
        <source>%1 (%2 TV)</source>
        <translation>%1 (%2 VM)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="177"/>
        <source>Upgrades:</source>
        <translation>Améliorations :</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="182"/>
        <source>Fleet rules</source>
        <translation>Règles de flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="197"/>
        <source>Card</source>
        <translation>Carte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="198"/>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="199"/>
        <source>Weapon Odds</source>
        <translation>Chances des armes</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="202"/>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="288"/>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="289"/>
        <source>Fleet name</source>
        <translation>Nom de la flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="298"/>
        <source>Points level</source>
        <translation>Niveau de points</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="301"/>
        <source> pts</source>
        <translation> pts</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="305"/>
        <source>The game sizes of the rules profile</source>
        <translation>Les formats de partie du profil de règles</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="316"/>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="318"/>
        <source>Faction:</source>
        <translation>Faction :</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="320"/>
        <source>Points:</source>
        <translation>Points :</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="323"/>
        <source>Rules:</source>
        <translation>Règles :</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="359"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="363"/>
        <source>Agreed limit</source>
        <translation>Limite convenue</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="373"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 points · %3 left</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; sur %2 points · %3 restants</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="374"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 points · &lt;b&gt;%3 over&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; sur %2 points · &lt;b&gt;%3 de trop&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="413"/>
        <source>Selected model: %1</source>
        <translation>Figurine sélectionnée : %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="414"/>
        <source>On the table (or In Reserve)</source>
        <translation>Sur la table (ou En Réserve)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="416"/>
        <source>Embarked on %1</source>
        <translation>Embarquée sur %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetbuilder.cpp" line="419"/>
        <source>Embarked on %1 (not a carrier)</source>
        <translation>Embarquée sur %1 (pas un porte-vaisseaux)</translation>
    </message>
</context>
<context>
    <name>jw::FleetDocument</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="81"/>
        <source>Untitled</source>
        <translation>Sans titre</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="154"/>
        <source>Add %1</source>
        <translation>Ajouter %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="155"/>
        <source>Add %1 units</source>
        <translation>Ajouter %1 unités</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="172"/>
        <source>Paste %n models</source>
        <translation>
            <numerusform>Coller %n figurine</numerusform>
            <numerusform>Coller %n figurines</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="188"/>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="189"/>
        <source>Remove %1 units</source>
        <translation>Retirer %1 unités</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="198"/>
        <source>Move %1</source>
        <translation>Déplacer %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="209"/>
        <source>Duplicate %1</source>
        <translation>Dupliquer %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="218"/>
        <source>Rename %1</source>
        <translation>Renommer %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="228"/>
        <source>Embark %1 on %2</source>
        <translation>Embarquer %1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="230"/>
        <source>Deploy %1 on the table</source>
        <translation>Déployer %1 sur la table</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="239"/>
        <source>Change upgrades of %1</source>
        <translation>Modifier les améliorations de %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="246"/>
        <source>Rename fleet</source>
        <translation>Renommer la flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="254"/>
        <source>Change faction to %1</source>
        <translation>Passer à la faction %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="261"/>
        <source>Set points to %1</source>
        <translation>Fixer les points à %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetdocument.cpp" line="268"/>
        <source>Use rules %1</source>
        <translation>Utiliser les règles %1</translation>
    </message>
</context>
<context>
    <name>jw::FleetListModel</name>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="34"/>
        <source>Capital Ships</source>
        <translation>Vaisseaux Capitaux</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="35"/>
        <source>Squadrons</source>
        <translation>Escadrilles</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="36"/>
        <source>Static Defenses</source>
        <translation>Défenses Statiques</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="37"/>
        <source>Unknown Units</source>
        <translation>Unités inconnues</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="266"/>
        <source>%1 (%2) · %3 TV · %4% of the points</source>
        <translation>%1 (%2) · %3 VM · %4% des points</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="267"/>
        <source>%1 (%2) · %3 TV</source>
        <translation>%1 (%2) · %3 VM</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="272"/>
        <source>%1: %n models, %2 TV</source>
        <translation>
            <numerusform>%1 : %n figurine, %2 VM</numerusform>
            <numerusform>%1 : %n figurines, %2 VM</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="274"/>
        <source> (%1% of the %2 points limit)</source>
        <translation> (%1% de la limite de %2 points)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="277"/>
        <source>%n of them start embarked and are shown under their carrier</source>
        <translation>
            <numerusform>%n d&apos;entre elles commence embarquée et figure sous son porte-vaisseaux</numerusform>
            <numerusform>%n d&apos;entre elles commencent embarquées et figurent sous leur porte-vaisseaux</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="279"/>
        <source>Upgrades are counted apart, as the fleet rules count them</source>
        <translation>Les améliorations sont comptées à part, comme le font les règles de flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="326"/>
        <source>unknown unit &apos;%1&apos;</source>
        <translation>unité inconnue « %1 »</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="338"/>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="344"/>
        <source>embarked</source>
        <translation>embarquée</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="346"/>
        <source>embarked on %1</source>
        <translation>embarquée sur %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="347"/>
        <source>on the table</source>
        <translation>sur la table</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="384"/>
        <source>Double-click or press F2 to rename</source>
        <translation>Double-cliquez ou appuyez sur F2 pour renommer</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="423"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="425"/>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="427"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="429"/>
        <source>TV</source>
        <translation>VM</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="431"/>
        <source>Copies</source>
        <translation>Exemplaires</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="433"/>
        <source>Starts</source>
        <translation>Début</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/fleetlistmodel.cpp" line="435"/>
        <source>Upgrades</source>
        <translation>Améliorations</translation>
    </message>
</context>
<context>
    <name>jw::FleetStrip</name>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="131"/>
        <source>Fleets</source>
        <translation>Flottes</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="247"/>
        <source>Hidden</source>
        <comment>a model kept secret: its name under its card in the fleet strip</comment>
        <translation>Cachée</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="248"/>
        <source>secret</source>
        <comment>a model kept secret, under its card in the fleet strip</comment>
        <translation>secrète</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="251"/>
        <source>A hidden model of %1: the rules keep it secret (In Reserve or Embarked) until it is revealed</source>
        <translation>Une figurine cachée de %1 : les règles la gardent secrète (En Réserve ou Embarquée) jusqu&apos;à ce qu&apos;elle soit révélée</translation>
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
        <translation>réserve</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="289"/>
        <source>embarked</source>
        <comment>under a card of the fleet strip</comment>
        <translation>embarquée</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="292"/>
        <source>destroyed</source>
        <comment>under a card of the fleet strip</comment>
        <translation>détruit</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="295"/>
        <source>withdrawn</source>
        <comment>under a card of the fleet strip</comment>
        <translation>retiré</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="299"/>
        <source>done</source>
        <comment>activated this turn, under a card of the fleet strip</comment>
        <translation>activé</translation>
    </message>
    <message>
        <location filename="../ui/table/fleetstrip.cpp" line="307"/>
        <source>%1 (%2)
%3
Click to select it, double-click for its card</source>
        <translation>%1 (%2)
%3
Cliquez pour la sélectionner, double-cliquez pour voir sa carte</translation>
    </message>
</context>
<context>
    <name>jw::FlexPicker</name>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="128"/>
        <source>Flex dice</source>
        <translation>Dés Flex</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="159"/>
        <source>Best</source>
        <translation>Meilleur</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="160"/>
        <source>Drop the dice that give the best result</source>
        <translation>Écarter les dés qui donnent le meilleur résultat</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="234"/>
        <source>Macro die %1: escalates a success of Value %1</source>
        <translation>Dé Macro %1 : amplifie un succès de Valeur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="235"/>
        <source>Macro die %1: diminishes a success of Value %1</source>
        <translation>Dé Macro %1 : diminue un succès de Valeur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="240"/>
        <source>Pool &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Réserve &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="243"/>
        <source>Base and flex dice, rolled together (%1 base + 1 flex): click the die to drop.</source>
        <translation>Dés de base et dés Flex, lancés ensemble (%1 de base + 1 Flex) : cliquez sur le dé à écarter.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="246"/>
        <source>Base and flex dice, rolled together (%1 base + %2 flex): click the %2 dice to drop.</source>
        <translation>Dés de base et dés Flex, lancés ensemble (%1 de base + %2 Flex) : cliquez sur les %2 dés à écarter.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="250"/>
        <source>Macro dice (+): each escalates a success of its Value.</source>
        <translation>Dés Macro (+) : chacun amplifie un succès de sa Valeur.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="251"/>
        <source>Macro dice (−): each diminishes a success of its Value.</source>
        <translation>Dés Macro (−) : chacun diminue un succès de sa Valeur.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="318"/>
        <source>Result: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Résultat : &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="320"/>
        <source>(best)</source>
        <translation>(meilleur)</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="323"/>
        <source>(best: %1)</source>
        <translation>(meilleur : %1)</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="328"/>
        <source>Drop one more die.</source>
        <translation>Écartez encore un dé.</translation>
    </message>
    <message>
        <location filename="../ui/table/flexpicker.cpp" line="329"/>
        <source>Drop %1 more dice.</source>
        <translation>Écartez encore %1 dés.</translation>
    </message>
</context>
<context>
    <name>jw::GameController</name>
    <message>
        <location filename="../ui/table/gamecontroller.cpp" line="22"/>
        <source>Player %1</source>
        <translation>Joueur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamecontroller.cpp" line="55"/>
        <location filename="../ui/table/gamecontroller.cpp" line="91"/>
        <source>Network game</source>
        <translation>Partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/gamecontroller.cpp" line="137"/>
        <source>No game to save.</source>
        <translation>Aucune partie à enregistrer.</translation>
    </message>
</context>
<context>
    <name>jw::GameTable</name>
    <message>
        <location filename="../ui/table/gametable.cpp" line="61"/>
        <location filename="../ui/table/gametable.cpp" line="214"/>
        <source>Resume It</source>
        <translation>La reprendre</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="63"/>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="83"/>
        <source>Game Table</source>
        <translation>Table de jeu</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="86"/>
        <source>&amp;Game</source>
        <translation>&amp;Partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="89"/>
        <location filename="../ui/table/gametable.cpp" line="115"/>
        <source>&amp;New Game…</source>
        <translation>&amp;Nouvelle partie…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="90"/>
        <location filename="../ui/table/nettable.cpp" line="118"/>
        <source>&amp;Open Game…</source>
        <translation>&amp;Ouvrir une partie…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="91"/>
        <source>&amp;Save Game</source>
        <translation>&amp;Enregistrer la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="92"/>
        <source>Save Game &amp;As…</source>
        <translation>Enregistrer la partie &amp;sous…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="96"/>
        <source>&amp;Undo Command</source>
        <translation>&amp;Annuler la commande</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="100"/>
        <source>What the computer would do now in your place, and why.</source>
        <translation>Ce que l&apos;ordinateur ferait maintenant à votre place, et pourquoi.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="102"/>
        <source>&amp;Replay…</source>
        <translation>&amp;Relecture…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="97"/>
        <source>H&amp;int</source>
        <translation>&amp;Conseil</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="73"/>
        <source>Play a game on the screen</source>
        <translation>Jouer une partie à l&apos;écran</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="74"/>
        <source>Both fleets on a digital table, with every rule of the game applied: the ranges, arcs and exact odds are shown before you commit, and the dice are rolled for you. Play two at this screen, against the computer (choose it for either side in New Game), with a friend at another computer, or on your club&apos;s server. Games are saved as you play and can be replayed command by command.</source>
        <translation>Les deux flottes sur une table numérique, avec toutes les règles du jeu appliquées : portées, arcs et probabilités exactes sont affichés avant que vous ne vous engagiez, et les dés sont lancés pour vous. Jouez à deux devant cet écran, contre l&apos;ordinateur (à choisir pour l&apos;un ou l&apos;autre camp dans Nouvelle partie), avec un ami sur un autre ordinateur, ou sur le serveur de votre club. Les parties sont sauvegardées au fil du jeu et peuvent être rejouées commande par commande.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="94"/>
        <source>Keep the game in a file of your choice, to replay or share.</source>
        <translation>Garder la partie dans le fichier de votre choix, pour la rejouer ou la partager.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="104"/>
        <source>Rep&amp;lay This Game</source>
        <translation>Re&amp;lecture de cette partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="108"/>
        <source>Step through the game being played, command by command; the game goes on.</source>
        <translation>Parcourir la partie en cours, commande par commande ; la partie continue.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="109"/>
        <source>Luck R&amp;eport…</source>
        <translation>Ra&amp;pport de chance…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="111"/>
        <source>Each player&apos;s dice against the exact odds of the pools rolled.</source>
        <translation>Les dés de chaque joueur face aux probabilités exactes des réserves lancées.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="117"/>
        <source>Set up another game.</source>
        <translation>Préparer une autre partie.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="120"/>
        <source>Game &amp;Table</source>
        <translation>&amp;Table de jeu</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="123"/>
        <source>Autosave failed: %1</source>
        <translation>Échec de l&apos;enregistrement automatique : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="134"/>
        <source>New Game…</source>
        <translation>Nouvelle partie…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="135"/>
        <source>Open Game…</source>
        <translation>Ouvrir une partie…</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="149"/>
        <source>Undo is not available in a network game: both computers keep every agreed command.</source>
        <translation>Annuler n&apos;est pas possible dans une partie en réseau : les deux ordinateurs conservent chaque commande convenue.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="174"/>
        <source>An unfinished game was saved automatically: %1. Resume it, or discard it?</source>
        <translation>Une partie inachevée a été enregistrée automatiquement : %1. La reprendre ou l&apos;abandonner ?</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="184"/>
        <source>Player %1</source>
        <translation>Joueur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="186"/>
        <source>%1 against %2, %3, turn %4</source>
        <translation>%1 contre %2, %3, tour %4</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="204"/>
        <source>New Game</source>
        <translation>Nouvelle partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="205"/>
        <source>A new game replaces the unfinished one: %1.</source>
        <translation>Une nouvelle partie remplace celle qui est inachevée : %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="210"/>
        <source>Its autosave is overwritten when the new game starts; it cannot be resumed afterwards. Save it first (Game › Save Game As…) to keep it.</source>
        <translation>Son enregistrement automatique sera écrasé au début de la nouvelle partie ; elle ne pourra plus être reprise ensuite. Enregistrez-la d&apos;abord (Partie › Enregistrer la partie sous…) pour la conserver.</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="212"/>
        <source>Its autosave is overwritten when the new game starts; it cannot be resumed afterwards. To keep it, resume it and save it (Game › Save Game As…).</source>
        <translation>Son enregistrement automatique sera écrasé au début de la nouvelle partie ; elle ne pourra plus être reprise ensuite. Pour la conserver, reprenez-la et enregistrez-la (Partie › Enregistrer la partie sous…).</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="215"/>
        <source>Replace It</source>
        <translation>La remplacer</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="275"/>
        <location filename="../ui/table/gametable.cpp" line="291"/>
        <source>Open Game</source>
        <translation>Ouvrir une partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="276"/>
        <location filename="../ui/table/gametable.cpp" line="312"/>
        <location filename="../ui/table/gametable.cpp" line="326"/>
        <source>Games (*.%1)</source>
        <translation>Parties (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="305"/>
        <location filename="../ui/table/gametable.cpp" line="311"/>
        <location filename="../ui/table/gametable.cpp" line="319"/>
        <source>Save Game</source>
        <translation>Enregistrer la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="325"/>
        <source>Replay Game</source>
        <translation>Relecture d&apos;une partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="332"/>
        <source>Replay</source>
        <translation>Relecture</translation>
    </message>
    <message>
        <location filename="../ui/table/gametable.cpp" line="353"/>
        <source>Resume Game</source>
        <translation>Reprendre la partie</translation>
    </message>
</context>
<context>
    <name>jw::GameWindow</name>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="111"/>
        <source>ahead</source>
        <translation>devant</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="113"/>
        <source>astern</source>
        <translation>derrière</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="114"/>
        <source>to starboard</source>
        <translation>à tribord</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="115"/>
        <source>to port</source>
        <translation>à bâbord</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="266"/>
        <location filename="../ui/table/gamewindow.cpp" line="786"/>
        <source>No game. Game › New Game… to start one.</source>
        <translation>Aucune partie. Partie › Nouvelle partie… pour en commencer une.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="944"/>
        <source>&lt;b&gt;Water Raid › Water Reserves&lt;/b&gt;&lt;br&gt;Click in your highlighted Deployment Zone to place the Stationary Comet (its Body as large as chosen below, its Tail along the zone) before any model is deployed.</source>
        <translation>&lt;b&gt;Water Raid › Water Reserves&lt;/b&gt;&lt;br&gt;Cliquez dans votre Zone de Déploiement en surbrillance pour placer la Comète Stationnaire (son Noyau de la taille choisie ci-dessous, sa Queue le long de la zone) avant le déploiement de toute figurine.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="947"/>
        <source>&lt;b&gt;Deployment&lt;/b&gt;&lt;br&gt;Pick a model, then click in the highlighted zone. Q/E or Shift+wheel turn it.</source>
        <translation>&lt;b&gt;Déploiement&lt;/b&gt;&lt;br&gt;Choisissez une figurine, puis cliquez dans la zone en surbrillance. Q/E ou Shift+molette la font pivoter.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="319"/>
        <source>Facing:</source>
        <translation>Orientation :</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="183"/>
        <source>Game table</source>
        <translation>Table de jeu</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="225"/>
        <source>Table message</source>
        <translation>Message de la table</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="236"/>
        <source>Hint</source>
        <translation>Conseil</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="239"/>
        <source>What the computer (Careful) would do now in your place, and why (Game › Hint, Ctrl+H)</source>
        <translation>Ce que l&apos;ordinateur (Prudent) ferait maintenant à votre place, et pourquoi (Partie › Conseil, Ctrl+H)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="289"/>
        <source>The Comet&apos;s Body, 2&quot; to 4&quot; across</source>
        <translation>Le Noyau de la Comète, de 2&quot; à 4&quot; de diamètre</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="290"/>
        <source>Comet Body:</source>
        <translation>Noyau de la Comète :</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="300"/>
        <source>Units to deploy</source>
        <translation>Unités à déployer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="322"/>
        <source> units</source>
        <translation> unités</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="323"/>
        <source>Water Raid › Water Reserves: the units of water this model carries (pre-filled with what it takes by default)</source>
        <translation>Water Raid › Water Reserves : les unités d&apos;eau que transporte cette figurine (pré-remplies avec ce qu&apos;elle prend par défaut)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="332"/>
        <source>Water:</source>
        <translation>Eau :</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="337"/>
        <source>Embark</source>
        <translation>Embarquer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="346"/>
        <source>Decline to deploy</source>
        <translation>Renoncer au déploiement</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="355"/>
        <source>&lt;b&gt;Activation&lt;/b&gt;&lt;br&gt;Click a highlighted model, pick its Action (greyed ones say why not), then Activate.</source>
        <translation>&lt;b&gt;Activation&lt;/b&gt;&lt;br&gt;Cliquez sur une figurine en surbrillance, choisissez son Action (celles en grisé indiquent pourquoi), puis Activer.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="363"/>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="368"/>
        <source>Embarked (off the table) — pick one to activate it and Launch:</source>
        <translation>Embarquées (hors de la table) — choisissez-en une pour l&apos;activer et la Lancer :</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="373"/>
        <source>Embarked units</source>
        <translation>Unités embarquées</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="380"/>
        <source>Activate</source>
        <translation>Activer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="410"/>
        <location filename="../ui/table/gamewindow.cpp" line="435"/>
        <source>Move</source>
        <translation>Déplacer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="425"/>
        <source>Turn to Port</source>
        <translation>Virer à bâbord</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="426"/>
        <source>Turn to Starboard</source>
        <translation>Virer à tribord</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="436"/>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="443"/>
        <source>Attack</source>
        <translation>Attaque</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="446"/>
        <source>Weapon / target</source>
        <translation>Arme / cible</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="446"/>
        <source>Range, pool or why not</source>
        <translation>Portée, réserve ou raison du refus</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="457"/>
        <source>Pick a weapon, then click a green target.</source>
        <translation>Choisissez une arme, puis cliquez sur une cible verte.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="464"/>
        <source>Resolve Action</source>
        <translation>Résoudre l&apos;Action</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="472"/>
        <source>Targets</source>
        <translation>Cibles</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="475"/>
        <source>Click a target marked orange on the table, or here:</source>
        <translation>Cliquez sur une cible marquée en orange sur la table, ou ici :</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="487"/>
        <source>Land…</source>
        <translation>Apponter…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="492"/>
        <source>End Activation</source>
        <translation>Terminer l&apos;Activation</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="510"/>
        <source>I am here: show me</source>
        <translation>Je suis ici : me montrer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="528"/>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="532"/>
        <source>Answer</source>
        <translation>Répondre</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="582"/>
        <location filename="../ui/table/gamewindow.cpp" line="2347"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="585"/>
        <source>Stop the computer after its current command; click again to let it go on</source>
        <translation>Arrête l&apos;ordinateur après sa commande en cours ; cliquez à nouveau pour qu&apos;il continue</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="614"/>
        <source>Victory Points by model</source>
        <translation>Points de Victoire par figurine</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="615"/>
        <source>Model</source>
        <translation>Figurine</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="615"/>
        <source>At the end</source>
        <translation>À la fin</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="615"/>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="616"/>
        <source>What the model counts for in Victory Points</source>
        <translation>Ce que la figurine compte en Points de Victoire</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="639"/>
        <location filename="../ui/table/gamewindow.cpp" line="644"/>
        <source>Commands</source>
        <translation>Commandes</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="651"/>
        <source>Unit Card</source>
        <translation>Carte d&apos;unité</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="661"/>
        <source>All events</source>
        <translation>Tous les événements</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="663"/>
        <source>Filter the game log</source>
        <translation>Filtrer le journal de partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="664"/>
        <source>Filter…</source>
        <translation>Filtrer…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="679"/>
        <source>Game log</source>
        <translation>Journal de partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="685"/>
        <source>Game Log</source>
        <translation>Journal de partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="751"/>
        <source>Refused — %1: %2</source>
        <translation>Refusé — %1 : %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="790"/>
        <source>No game</source>
        <translation>Aucune partie</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="827"/>
        <source>%1 · Place the Comet</source>
        <translation>%1 · Placer la Comète</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="831"/>
        <source>%1 wins</source>
        <translation>Victoire de %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="832"/>
        <source>Draw</source>
        <translation>Match nul</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="833"/>
        <source>Game over: %1</source>
        <translation>Fin de partie : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="837"/>
        <source>%1 (over the network) to answer</source>
        <translation>À %1 (en réseau) de répondre</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="838"/>
        <source>%1 (over the network) to act</source>
        <translation>À %1 (en réseau) de jouer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="841"/>
        <source>%1 (the computer) to answer</source>
        <translation>À %1 (l&apos;ordinateur) de répondre</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="842"/>
        <source>%1 (the computer) to act</source>
        <translation>À %1 (l&apos;ordinateur) de jouer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="844"/>
        <source>%1 to answer</source>
        <translation>À %1 de répondre</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="846"/>
        <source>%1 to place the Comet</source>
        <translation>À %1 de placer la Comète</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="847"/>
        <source>%1 to act</source>
        <translation>À %1 de jouer</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="855"/>
        <source> · activating %1</source>
        <translation> · activation de %1</translation>
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
        <translation>Tour %1 sur %2 · %3%4 · Points de Victoire %5 %6 : %7 %8</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="876"/>
        <source>%1&apos;s Victory Points count models the rules keep secret until they are revealed: not known yet.</source>
        <translation>Les Points de Victoire de %1 comptent des figurines que les règles gardent secrètes jusqu&apos;à ce qu&apos;elles soient révélées : pas encore connus.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="878"/>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="933"/>
        <source>%1 on %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="968"/>
        <source>%1 (on %2)</source>
        <translation>%1 (sur %2)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="991"/>
        <source>Selected: &lt;b&gt;%1&lt;/b&gt; (cannot activate now)</source>
        <translation>Sélection : &lt;b&gt;%1&lt;/b&gt; (ne peut pas s&apos;activer maintenant)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="992"/>
        <source>Selected: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Sélection : &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="993"/>
        <source>No model can activate.</source>
        <translation>Aucune figurine ne peut s&apos;activer.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1022"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1035"/>
        <source>no Action</source>
        <translation>aucune Action</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1038"/>
        <source>&lt;b&gt;%1&lt;/b&gt; activating, %2%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; en activation, %2%3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1042"/>
        <source> (resolved)</source>
        <translation> (résolue)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1074"/>
        <source>Click beside %1 to lay a Mine token (Esc stops)</source>
        <translation>Cliquez à côté de %1 pour poser un pion Mine (Esc pour arrêter)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1076"/>
        <source>Lay Mine tokens…</source>
        <translation>Poser des pions Mine…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1079"/>
        <source>Choose the target of %1 (Esc cancels)</source>
        <translation>Choisissez la cible de %1 (Esc pour annuler)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1080"/>
        <source>Resolve %1: choose the target…</source>
        <translation>Résoudre %1 : choisissez la cible…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1083"/>
        <source>Resolve %1 on %2</source>
        <translation>Résoudre %1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1088"/>
        <source>Resolve %1 on the %2</source>
        <translation>Résoudre %1 sur %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1092"/>
        <source>Resolve %1</source>
        <translation>Résoudre %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1106"/>
        <source>%1 — %2&quot; %3</source>
        <translation>%1 — %2&quot; %3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1111"/>
        <source>Resolve %1 against %2</source>
        <translation>Résoudre %1 contre %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1120"/>
        <source>%1 — %2&quot;</source>
        <translation>%1 — %2&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1124"/>
        <source>Resolve %1 against the %2</source>
        <translation>Résoudre %1 contre %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1140"/>
        <source>Land on %1</source>
        <translation>Apponter sur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1154"/>
        <source>Any weapon</source>
        <translation>N&apos;importe quelle arme</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1333"/>
        <source>T%1  %2 (the computer): %3</source>
        <comment>turn, player, reason</comment>
        <translation>T%1  %2 (l&apos;ordinateur) : %3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1337"/>
        <source>Why the computer chose this command</source>
        <translation>Pourquoi l&apos;ordinateur a choisi cette commande</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1347"/>
        <source>T%1  %2</source>
        <comment>turn number, then the event</comment>
        <translation>T%1  %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1354"/>
        <source>Dice: %1</source>
        <translation>Dés : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1383"/>
        <source>A hidden model: its card is secret until the rules reveal it.</source>
        <translation>Une figurine cachée : sa carte est secrète jusqu&apos;à ce que les règles la révèlent.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1407"/>
        <source>Full Size…</source>
        <translation>Grand format…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1409"/>
        <source>Show this card in a window of its own, as large as you like (or double-click the card)</source>
        <translation>Afficher cette carte dans une fenêtre à part, aussi grande que vous le souhaitez (ou double-cliquez sur la carte)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1424"/>
        <source>Fleets</source>
        <translation>Flottes</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1515"/>
        <source> arc</source>
        <translation> (arc)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1544"/>
        <source>Hand the computer to &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;%1 chooses in secret: the other player looks away.</source>
        <translation>Passez l&apos;ordinateur à &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;%1 choisit en secret : l&apos;autre joueur détourne le regard.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1547"/>
        <source>Hand the computer to &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;%1 has a decision to make.</source>
        <translation>Passez l&apos;ordinateur à &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;%1 a une décision à prendre.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1563"/>
        <source>Critical Hit on %1: %2 chooses which one.</source>
        <translation>Coup Critique sur %1 : %2 choisit lequel.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1568"/>
        <source>Rule: %1</source>
        <translation>Règle : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1576"/>
        <source>Pool %1&lt;br&gt;Dice: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>Réserve %1&lt;br&gt;Dés : &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1581"/>
        <source>&lt;br&gt;Macro dice: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;br&gt;Dés Macro : &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1594"/>
        <source>%1 — then click on the table</source>
        <translation>%1 — puis cliquez sur la table</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1596"/>
        <source>%1  (suggested)</source>
        <translation>%1  (suggéré)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1775"/>
        <source>Click on the table where %1 moves (up to %2&quot;), or choose another option.</source>
        <translation>Cliquez sur la table à l&apos;endroit où %1 se déplace (jusqu&apos;à %2&quot;), ou choisissez une autre option.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1854"/>
        <source>%1 of %2 left</source>
        <translation>%1 restants sur %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2054"/>
        <source>%1 is Embarked on %2.
Click on the table within %3&quot; of %2 to Launch it, or end the activation to stay aboard.</source>
        <translation>%1 est Embarquée sur %2.
Cliquez sur la table à %3&quot; ou moins de %2 pour la Lancer, ou terminez l&apos;activation pour rester à bord.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2081"/>
        <source>Planned %1&quot; · moved %2&quot; · this activation %3–%4&quot; · %5 turn(s) left%6
Drag forward from the ship; turn buttons add a turn point.</source>
        <translation>Prévu %1&quot; · parcouru %2&quot; · cette activation %3–%4&quot; · %5 virage(s) restant(s)%6
Faites glisser vers l&apos;avant depuis le vaisseau ; les boutons de virage ajoutent un point de virage.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2089"/>
        <source> (Skill Test to turn)</source>
        <translation> (Test de Compétence pour virer)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2099"/>
        <source>min %1&quot; · max %2&quot;</source>
        <translation>min %1&quot; · max %2&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2066"/>
        <source>This move would be refused — %1</source>
        <translation>Ce déplacement serait refusé — %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="605"/>
        <source>The final standing</source>
        <translation>Le classement final</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1231"/>
        <source>%1: %2 Victory Points, %3 Objective Points</source>
        <translation>%1 : %2 Points de Victoire, %3 Points d&apos;Objectif</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1242"/>
        <source>Destroyed</source>
        <translation>Détruite</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1245"/>
        <source>Withdrawn, Crippled</source>
        <translation>Retirée, Désemparée</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1245"/>
        <source>Withdrawn</source>
        <translation>Retirée</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1248"/>
        <source>In Reserve</source>
        <translation>En Réserve</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1251"/>
        <source>Embarked</source>
        <translation>Embarquée</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1254"/>
        <source>On the table</source>
        <translation>Sur la table</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1258"/>
        <source>Captured by %1</source>
        <translation>Capturée par %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1263"/>
        <source>%1 for %2</source>
        <translation>%1 pour %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2105"/>
        <source>Path %1&quot; of %2&quot; left (Speed %3)
Click to add waypoints, drag to move the last one.</source>
        <translation>Trajet : %1&quot; restants sur %2&quot; (Vitesse %3)
Cliquez pour ajouter des points de passage, faites glisser pour déplacer le dernier.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2174"/>
        <source>Undo is not available in a network game: both computers keep every agreed command.</source>
        <translation>Annuler n&apos;est pas possible dans une partie en réseau : les deux ordinateurs conservent chaque commande convenue.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2188"/>
        <source>Hint: %1</source>
        <translation>Conseil : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2258"/>
        <source>Hidden model</source>
        <translation>Figurine cachée</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2267"/>
        <source>A hint is for the person who must answer now.</source>
        <translation>Un conseil est destiné à la personne qui doit répondre maintenant.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2270"/>
        <source>Hint: the computer is thinking…</source>
        <translation>Conseil : l&apos;ordinateur réfléchit…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2286"/>
        <source>The network game</source>
        <translation>La partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2292"/>
        <source>Network</source>
        <translation>Réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2306"/>
        <source>Last agreed: %1</source>
        <translation>Dernière commande convenue : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2320"/>
        <source>Random</source>
        <translation>Aléatoire</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2321"/>
        <source>Greedy</source>
        <translation>Glouton</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2322"/>
        <source>Expert</source>
        <translation>Expert</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2323"/>
        <source>Careful</source>
        <translation>Prudent</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2326"/>
        <source>%1 (the computer, %2) is stuck: %3 Undo, or save the game and report it.</source>
        <translation>%1 (l&apos;ordinateur, %2) est bloqué : %3 Annulez, ou enregistrez la partie et signalez le problème.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2329"/>
        <source>%1 (the computer, %2) is paused.</source>
        <translation>%1 (l&apos;ordinateur, %2) est en pause.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2332"/>
        <source>%1 (the computer, %2) is thinking…</source>
        <translation>%1 (l&apos;ordinateur, %2) réfléchit…</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2341"/>
        <source>Last: %1 (the computer): %2</source>
        <translation>Dernier coup : %1 (l&apos;ordinateur) : %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2347"/>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2358"/>
        <source>%1 to %2: %3&quot;</source>
        <translation>De %1 à %2 : %3&quot;</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2374"/>
        <source>it may activate now: Space selects it</source>
        <translation>elle peut s&apos;activer maintenant : Espace la sélectionne</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2377"/>
        <source>it is activating</source>
        <translation>elle est en cours d&apos;activation</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2386"/>
        <source>a target: Space attacks it (%1)</source>
        <translation>une cible : Espace l&apos;attaque (%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2387"/>
        <source>not a target now: %1</source>
        <translation>pas une cible maintenant : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2391"/>
        <source>a target of the Action: Space picks it</source>
        <translation>une cible de l&apos;Action : Espace la choisit</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2394"/>
        <source>it may be deployed</source>
        <translation>elle peut être déployée</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2397"/>
        <source>Space shows its card</source>
        <translation>Espace affiche sa carte</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2401"/>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2402"/>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2) : %3</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2410"/>
        <source>The table seen from above. Arrow keys scroll, + and - zoom; N and P go from model to model, Space picks one; Tab moves to the commands.</source>
        <translation>La table vue de dessus. Les flèches font défiler, + et - zooment ; N et P passent d&apos;une figurine à l&apos;autre, Espace en choisit une ; Tab passe aux commandes.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="2420"/>
        <source>Measure: shift-click a second model.</source>
        <translation>Mesure : Shift+clic sur une deuxième figurine.</translation>
    </message>
    <message>
        <location filename="../ui/table/gamewindow.cpp" line="1443"/>
        <location filename="../ui/table/gamewindow.cpp" line="2440"/>
        <location filename="../ui/table/gamewindow.cpp" line="2492"/>
        <source>Not a target of the Action: click a model marked in orange, or press Esc.</source>
        <translation>Pas une cible de l&apos;Action : cliquez sur une figurine marquée en orange, ou appuyez sur Esc.</translation>
    </message>
</context>
<context>
    <name>jw::GettingStarted</name>
    <message>
        <location filename="../ui/help/gettingstarted.cpp" line="16"/>
        <location filename="../ui/help/gettingstarted.cpp" line="20"/>
        <source>Getting Started</source>
        <translation>Premiers pas</translation>
    </message>
</context>
<context>
    <name>jw::HelpMenu</name>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="20"/>
        <source>&amp;Rules Reference</source>
        <translation>&amp;Référence des règles</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="24"/>
        <source>The rules texts, searchable, with jwfleet&apos;s house rulings</source>
        <translation>Les textes des règles, avec recherche, et les décisions maison de jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="27"/>
        <source>&amp;Getting Started</source>
        <translation>&amp;Premiers pas</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="42"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>Raccourcis &amp;clavier</translation>
    </message>
    <message>
        <location filename="../ui/help/helpmenu.cpp" line="52"/>
        <source>&amp;Preferences…</source>
        <translation>&amp;Préférences…</translation>
    </message>
    <message>
        <location filename="../ui/help/rulelink.cpp" line="31"/>
        <source>Open this rule in the Rules Reference</source>
        <translation>Ouvrir cette règle dans la Référence des règles</translation>
    </message>
</context>
<context>
    <name>jw::HostNetworkDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="48"/>
        <source>Host Network Game</source>
        <translation>Héberger une partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="51"/>
        <source>Chosen by your friend when they join.</source>
        <translation>Choisie par votre ami quand il rejoint la partie.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="53"/>
        <source>Port:</source>
        <translation>Port :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="57"/>
        <source>This computer has no network address: check its connection.</source>
        <translation>Cet ordinateur n&apos;a pas d&apos;adresse réseau : vérifiez sa connexion.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="58"/>
        <source>Give your friend this computer&apos;s address: %1 (on the internet, your router&apos;s public address and a forwarded port).</source>
        <translation>Donnez à votre ami l&apos;adresse de cet ordinateur : %1 (sur Internet, l&apos;adresse publique de votre routeur et un port redirigé).</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="60"/>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="64"/>
        <source>Address:</source>
        <translation>Adresse :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="65"/>
        <source>Host Game</source>
        <translation>Héberger</translation>
    </message>
</context>
<context>
    <name>jw::JoinNetworkDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="89"/>
        <source>Join Network Game</source>
        <translation>Rejoindre une partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="93"/>
        <source>Chosen by the host, with the scenario and the rules.</source>
        <translation>Choisie par l&apos;hôte, avec le scénario et les règles.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="96"/>
        <source>e.g. 192.168.1.20 or a host name</source>
        <translation>p. ex. 192.168.1.20 ou un nom d&apos;hôte</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="98"/>
        <source>Host address:</source>
        <translation>Adresse de l&apos;hôte :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="100"/>
        <source>Port:</source>
        <translation>Port :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="106"/>
        <source>Join Game</source>
        <translation>Rejoindre</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="132"/>
        <source>Type the address of the host&apos;s computer.</source>
        <translation>Saisissez l&apos;adresse de l&apos;ordinateur de l&apos;hôte.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="139"/>
        <source>Choose your fleet.</source>
        <translation>Choisissez votre flotte.</translation>
    </message>
</context>
<context>
    <name>jw::LuckChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="586"/>
        <source>Luck over the campaign</source>
        <translation>Chance au fil de la campagne</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="605"/>
        <source>%1 %2 in %3 attack rolls</source>
        <translation>%1 %2 en %3 jets d&apos;attaque</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="609"/>
        <source>Successes above or below the odds over the campaign: %1.</source>
        <translation>Succès au-dessus ou en dessous des probabilités sur la campagne : %1.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="616"/>
        <source>Luck over the campaign: no battles yet.</source>
        <translation>Chance au fil de la campagne : pas encore de bataille.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="621"/>
        <source>Luck over the campaign: no battle has recorded dice. Only a battle imported from a game of jwfleet (Import Game…, Game › Add Battle to Campaign) records its rolls; a battle entered by hand or from a battle report has none.</source>
        <translation>Chance au fil de la campagne : aucune bataille n&apos;a de dés enregistrés. Seule une bataille importée d&apos;une partie jwfleet (Importer une partie…, Partie › Ajouter la bataille à la campagne) enregistre ses jets ; une bataille saisie à la main ou depuis un rapport de bataille n&apos;en a pas.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="639"/>
        <source>Battles without recorded dice (entered by hand or from a battle report): %1 of %2, drawn as hollow points and not counted.</source>
        <translation>Batailles sans dés enregistrés (saisies à la main ou depuis un rapport de bataille) : %1 sur %2, dessinées en points creux et non comptées.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="655"/>
        <source>Luck: attack successes above (+) or below (−) the odds, added up</source>
        <translation>Chance : succès d&apos;attaque au-dessus (+) ou en dessous (−) des probabilités, cumulés</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="664"/>
        <source>from a battle report</source>
        <translation>depuis un rapport de bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="666"/>
        <source>imported before jwfleet recorded dice</source>
        <translation>importée avant que jwfleet n&apos;enregistre les dés</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="667"/>
        <source>entered by hand</source>
        <translation>saisie à la main</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="685"/>
        <source>%1, battle %2 (%3)</source>
        <translation>%1, bataille %2 (%3)</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="687"/>
        <source>%1: %2 successes in %3 attack rolls, %4 expected (%5); campaign so far: %6</source>
        <translation>%1 : %2 succès en %3 jets d&apos;attaque, %4 attendus (%5) ; campagne jusqu&apos;ici : %6</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="693"/>
        <source>%1: no dice recorded (%2), not counted; campaign so far: %3</source>
        <translation>%1 : aucun dé enregistré (%2), non comptée ; campagne jusqu&apos;ici : %3</translation>
    </message>
</context>
<context>
    <name>jw::LuckReportDialog</name>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="64"/>
        <source>Luck Report</source>
        <translation>Rapport de chance</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="67"/>
        <source>Each player&apos;s dice against the exact odds of the pools they rolled: the successes and the damage expected, and what the dice gave.</source>
        <translation>Les dés de chaque joueur face aux probabilités exactes des réserves lancées : les succès et les dégâts attendus, et ce que les dés ont donné.</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="115"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="129"/>
        <source>Attack rolls</source>
        <translation>Jets d&apos;attaque</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Successes</source>
        <translation>Succès</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="87"/>
        <source>Expected</source>
        <translation>Attendu</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="126"/>
        <source>Damage</source>
        <translation>Dégâts</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="85"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Expected successes</source>
        <translation>Succès attendus</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <source>Other rolls</source>
        <translation>Autres jets</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <location filename="../ui/companion/luckreportdialog.cpp" line="126"/>
        <source>Expected damage</source>
        <translation>Dégâts attendus</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="86"/>
        <source>Their successes</source>
        <translation>Leurs succès</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="90"/>
        <source>Totals</source>
        <translation>Totaux</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="111"/>
        <source>Every other roll of a pool: defence, Skill Tests, firefights</source>
        <translation>Tout autre jet d&apos;une réserve : défense, Tests de Compétence, fusillades</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Turn</source>
        <translation>Tour</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Attacker</source>
        <translation>Attaquant</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Target</source>
        <translation>Cible</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="124"/>
        <source>Weapon</source>
        <translation>Arme</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Pool</source>
        <translation>Réserve</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="125"/>
        <source>Rolled</source>
        <translation>Obtenu</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="136"/>
        <source>re-roll</source>
        <translation>relance</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="136"/>
        <source>%1 (re-roll)</source>
        <translation>%1 (relance)</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="156"/>
        <source>No attack has been rolled yet.</source>
        <translation>Aucune attaque n&apos;a encore été lancée.</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="163"/>
        <source>&amp;Copy as Text</source>
        <translation>&amp;Copier en texte</translation>
    </message>
    <message>
        <location filename="../ui/companion/luckreportdialog.cpp" line="164"/>
        <source>Copy the report in English, as jwfleet-cli prints it</source>
        <translation>Copier le rapport en anglais, tel que jwfleet-cli l&apos;affiche</translation>
    </message>
</context>
<context>
    <name>jw::MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="77"/>
        <source>deployment</source>
        <translation>déploiement</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="78"/>
        <source>deployment of %1</source>
        <translation>déploiement de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="81"/>
        <source>embarking</source>
        <translation>embarquement</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="82"/>
        <source>embarking %1</source>
        <translation>embarquement de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="84"/>
        <source>decline to deploy</source>
        <translation>renoncement au déploiement</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="86"/>
        <source>activation of %1</source>
        <translation>activation de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="89"/>
        <location filename="../ui/mainwindow.cpp" line="92"/>
        <source>move of %1</source>
        <translation>déplacement de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="89"/>
        <location filename="../ui/mainwindow.cpp" line="92"/>
        <source>move</source>
        <translation>déplacement</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="95"/>
        <source>attack by %1</source>
        <translation>attaque de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="95"/>
        <source>attack</source>
        <translation>attaque</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="97"/>
        <source>answer</source>
        <translation>réponse</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="99"/>
        <source>action of %1</source>
        <translation>action de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="99"/>
        <source>action</source>
        <translation>action</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="102"/>
        <source>launch from %1</source>
        <translation>lancement depuis %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="102"/>
        <source>launch</source>
        <translation>lancement</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="105"/>
        <source>landing of %1</source>
        <translation>appontage de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="105"/>
        <source>landing</source>
        <translation>appontage</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="108"/>
        <source>end of %1&apos;s activation</source>
        <translation>fin de l&apos;activation de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="109"/>
        <source>end of activation</source>
        <translation>fin d&apos;activation</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="111"/>
        <source>Beacon placement</source>
        <translation>placement des marqueurs Balise</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="112"/>
        <source>scenario set-up</source>
        <translation>mise en place du scénario</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="113"/>
        <source>Comet placement</source>
        <translation>placement de la Comète</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="114"/>
        <source>dice roll</source>
        <translation>jet de dés</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="115"/>
        <source>correction</source>
        <translation>correction</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="168"/>
        <source>%1 added to %2 (Undo on the Fleet Builder takes it back)</source>
        <translation>%1 ajouté à %2 (Annuler dans le Constructeur de flotte le retire)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="172"/>
        <source>Fleet Builder</source>
        <translation>Constructeur de flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="173"/>
        <source>Unit Database</source>
        <translation>Base d&apos;unités</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="189"/>
        <location filename="../ui/mainwindow.cpp" line="333"/>
        <source>Companion</source>
        <translation>Compagnon</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="216"/>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="237"/>
        <source>Add Battle to &amp;Campaign</source>
        <translation>Ajouter la bataille à la ca&amp;mpagne</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="240"/>
        <source>Add the finished game to the open campaign, with every unit&apos;s outcome</source>
        <translation>Ajouter la partie terminée à la campagne ouverte, avec le sort de chaque unité</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="298"/>
        <source>%1 factions, %2 units (%3 provisional) · rules %4</source>
        <translation>%1 factions, %2 unités (%3 provisoires) · règles %4</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="324"/>
        <source>Companion – jwfleet</source>
        <translation>Compagnon – jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="390"/>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Réinitialiser la disposition</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="395"/>
        <source>Show every panel of the Game Table where it was at first</source>
        <translation>Replacer chaque panneau de la Table de jeu à sa position d&apos;origine</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="400"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="402"/>
        <source>&amp;New Fleet</source>
        <translation>&amp;Nouvelle flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="404"/>
        <source>&amp;Open Fleet…</source>
        <translation>&amp;Ouvrir une flotte…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="406"/>
        <location filename="../ui/mainwindow.cpp" line="747"/>
        <source>Open Fleet</source>
        <translation>Ouvrir une flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="411"/>
        <source>Open &amp;Recent</source>
        <translation>Flottes &amp;récentes</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="414"/>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="416"/>
        <source>Save &amp;As…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="418"/>
        <source>&amp;Close Fleet</source>
        <translation>&amp;Fermer la flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="422"/>
        <source>&amp;Export Fleet</source>
        <translation>E&amp;xporter la flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="423"/>
        <source>As &amp;Text…</source>
        <translation>En &amp;texte…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="424"/>
        <source>As &amp;Markdown…</source>
        <translation>En &amp;Markdown…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="426"/>
        <source>As &amp;JSON…</source>
        <translation>En &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="428"/>
        <source>&amp;Print Fleet…</source>
        <translation>&amp;Imprimer la flotte…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="431"/>
        <source>Export Fleet Cards to P&amp;DF…</source>
        <translation>Exporter les cartes de la flotte en P&amp;DF…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="437"/>
        <location filename="../ui/mainwindow.cpp" line="449"/>
        <source>Print &amp;Unit Card…</source>
        <translation>Imprimer la carte d&apos;&amp;unité…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="441"/>
        <location filename="../ui/mainwindow.cpp" line="451"/>
        <source>Export Unit Card as PN&amp;G…</source>
        <translation>Exporter la carte d&apos;unité en PN&amp;G…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="449"/>
        <source>Print Card of %1…</source>
        <translation>Imprimer la carte de %1…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="450"/>
        <source>Export Card of %1 as PNG…</source>
        <translation>Exporter la carte de %1 en PNG…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="454"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="458"/>
        <source>&amp;Edit</source>
        <translation>&amp;Édition</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="459"/>
        <location filename="../ui/mainwindow.cpp" line="640"/>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="462"/>
        <location filename="../ui/mainwindow.cpp" line="648"/>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="481"/>
        <source>&amp;Copy Fleet as Text</source>
        <translation>&amp;Copier la flotte en texte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="484"/>
        <source>&amp;Find Unit…</source>
        <translation>Rec&amp;hercher une unité…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="499"/>
        <source>&amp;View</source>
        <translation>Affic&amp;hage</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="501"/>
        <source>Fleet &amp;Builder</source>
        <translation>&amp;Constructeur de flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="503"/>
        <source>Unit &amp;Database</source>
        <translation>&amp;Base d&apos;unités</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="505"/>
        <source>&amp;Game Table</source>
        <translation>&amp;Table de jeu</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="507"/>
        <source>Co&amp;mpanion</source>
        <translation>Co&amp;mpagnon</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="516"/>
        <source>&amp;Campaign</source>
        <translation>Campa&amp;gne</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="521"/>
        <source>Game Table Pa&amp;nels</source>
        <translation>&amp;Panneaux de la table de jeu</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="523"/>
        <source>Companion in Its Own &amp;Window</source>
        <translation>Compagnon dans sa propre &amp;fenêtre</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="527"/>
        <source>Show the companion in a window of its own, e.g. on a portrait tablet screen</source>
        <translation>Afficher le compagnon dans une fenêtre à part, p. ex. sur l&apos;écran d&apos;une tablette en mode portrait</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="530"/>
        <source>&amp;Full Screen</source>
        <translation>P&amp;lein écran</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="537"/>
        <source>&amp;Theme</source>
        <translation>T&amp;hème</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="539"/>
        <source>&amp;System</source>
        <translation>&amp;Système</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="539"/>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="539"/>
        <source>&amp;Dark</source>
        <translation>S&amp;ombre</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="548"/>
        <source>Unit Data &amp;Problems…</source>
        <translation>Problèmes des &amp;données d&apos;unités…</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="550"/>
        <source>Unit data</source>
        <translation>Données d&apos;unités</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="550"/>
        <source>The unit data has no problems.</source>
        <translation>Les données d&apos;unités ne présentent aucun problème.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="555"/>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="557"/>
        <source>&amp;About jwfleet</source>
        <translation>À propos de &amp;jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="559"/>
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="609"/>
        <source>in the fleet</source>
        <translation>dans la flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="612"/>
        <source>in the campaign</source>
        <translation>dans la campagne</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="615"/>
        <source>in the unit data</source>
        <translation>dans les données d&apos;unités</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="617"/>
        <location filename="../ui/mainwindow.cpp" line="624"/>
        <source>in the game</source>
        <translation>dans la partie</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="631"/>
        <source>on this tab</source>
        <translation>dans cet onglet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="640"/>
        <source>&amp;Undo %1</source>
        <translation>&amp;Annuler : %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="644"/>
        <source>Cannot Undo the %1 (dice rolled or something revealed)</source>
        <translation>Impossible d&apos;annuler : %1 (dés lancés ou information révélée)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="646"/>
        <source>Nothing to Undo %1</source>
        <translation>Rien à annuler %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="648"/>
        <source>&amp;Redo %1</source>
        <translation>&amp;Rétablir : %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="649"/>
        <source>Nothing to Redo %1</source>
        <translation>Rien à rétablir %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="686"/>
        <source>%1[*] – jwfleet</source>
        <translation>%1[*] – jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="748"/>
        <source>%1 cannot be read.</source>
        <translation>Impossible de lire %1.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="756"/>
        <source>Opened %1</source>
        <translation>%1 ouvert</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="765"/>
        <location filename="../ui/mainwindow.cpp" line="783"/>
        <location filename="../ui/mainwindow.cpp" line="789"/>
        <source>Save Fleet</source>
        <translation>Enregistrer la flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="769"/>
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="778"/>
        <source>fleet</source>
        <translation>flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="801"/>
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="802"/>
        <source>The fleet &quot;%1&quot; has changes that are not saved.</source>
        <translation>La flotte « %1 » comporte des modifications non enregistrées.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="833"/>
        <source>No recent fleets</source>
        <translation>Aucune flotte récente</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="836"/>
        <source>Clear List</source>
        <translation>Effacer la liste</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="854"/>
        <location filename="../ui/mainwindow.cpp" line="861"/>
        <source>Export Fleet</source>
        <translation>Exporter la flotte</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="855"/>
        <source>%1 files (*.%2);;All files (*)</source>
        <translation>Fichiers %1 (*.%2);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="864"/>
        <source>Exported to %1</source>
        <translation>Exporté vers %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="876"/>
        <source>The fleet list is on the clipboard</source>
        <translation>La liste de flotte est dans le presse-papiers</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="893"/>
        <source>Your printed card values in %1 have errors and were not loaded</source>
        <translation>Vos valeurs de cartes imprimées dans %1 comportent des erreurs et n&apos;ont pas été chargées</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="923"/>
        <source>Shipped Values of %1</source>
        <translation>Valeurs d&apos;origine de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="924"/>
        <source>Card Values of %1</source>
        <translation>Valeurs de carte de %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="926"/>
        <source>%1 is back to the shipped values</source>
        <translation>%1 revient aux valeurs d&apos;origine</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="927"/>
        <source>%1: %n value(s) from your printed card (Edit › Undo on this tab takes them back)</source>
        <translation>
            <numerusform>%1 : %n valeur de votre carte imprimée (Édition › Annuler dans cet onglet la retire)</numerusform>
            <numerusform>%1 : %n valeurs de votre carte imprimée (Édition › Annuler dans cet onglet les retire)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="939"/>
        <source>Printed Card Values</source>
        <translation>Valeurs de carte imprimée</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="940"/>
        <source>Your values could not be saved: %1</source>
        <translation>Vos valeurs n&apos;ont pas pu être enregistrées : %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="981"/>
        <source>The rules some of these problems are about: %1</source>
        <translation>Les règles que concernent certains de ces problèmes : %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="994"/>
        <source>Problems in your printed card values</source>
        <translation>Problèmes dans vos valeurs de cartes imprimées</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="995"/>
        <source>The file of the values you entered from printed cards, %1, has errors: it was not loaded, and jwfleet shows the shipped values. Fix the file (see the details) or remove it.</source>
        <translation>Le fichier des valeurs que vous avez saisies depuis des cartes imprimées, %1, comporte des erreurs : il n&apos;a pas été chargé, et jwfleet affiche les valeurs d&apos;origine. Corrigez le fichier (voir les détails) ou supprimez-le.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1010"/>
        <source>Problems in the unit data</source>
        <translation>Problèmes dans les données d&apos;unités</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1012"/>
        <source>Some faction files have errors and were not loaded. Fix them and restart, or check them with &apos;jwfleet-cli check-data&apos;.</source>
        <translation>Certains fichiers de faction comportent des erreurs et n&apos;ont pas été chargés. Corrigez-les et redémarrez, ou vérifiez-les avec &apos;jwfleet-cli check-data&apos;.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1014"/>
        <source>The unit data has warnings.</source>
        <translation>Les données d&apos;unités comportent des avertissements.</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1024"/>
        <source>About jwfleet</source>
        <translation>À propos de jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/mainwindow.cpp" line="1025"/>
        <source>&lt;h3&gt;jwfleet %1&lt;/h3&gt;&lt;p&gt;Fleet builder, unit cards and game table for &lt;i&gt;Jovian Wars&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Rules version: &lt;b&gt;%2&lt;/b&gt; (the default profile; v1.2.3 and v1.2.4 are available as rules profiles).&lt;/p&gt;&lt;p&gt;Units marked &lt;i&gt;provisional&lt;/i&gt; carry values of our own where the rules give none; replace them with the printed cards&apos; values.&lt;/p&gt;&lt;p&gt;Built with Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;jwfleet %1&lt;/h3&gt;&lt;p&gt;Constructeur de flotte, cartes d&apos;unités et table de jeu pour &lt;i&gt;Jovian Wars&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Version des règles : &lt;b&gt;%2&lt;/b&gt; (le profil par défaut ; v1.2.3 et v1.2.4 sont disponibles comme profils de règles).&lt;/p&gt;&lt;p&gt;Les unités marquées &lt;i&gt;provisoires&lt;/i&gt; portent nos propres valeurs là où les règles n&apos;en donnent pas ; remplacez-les par les valeurs des cartes imprimées.&lt;/p&gt;&lt;p&gt;Compilé avec Qt %3.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>jw::NetGame</name>
    <message>
        <location filename="../ui/table/netgame.cpp" line="108"/>
        <source>A player who tried to join was refused: %1</source>
        <translation>Un joueur qui tentait de rejoindre la partie a été refusé : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="136"/>
        <location filename="../ui/table/netgame.cpp" line="219"/>
        <source>Could not join: %1</source>
        <translation>Impossible de rejoindre : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="515"/>
        <source>It is %1&apos;s turn (over the network).</source>
        <translation>C&apos;est à %1 de jouer (en réseau).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="532"/>
        <source>The game with %1 goes on after command %2.</source>
        <translation>La partie avec %1 reprend après la commande %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="538"/>
        <source>The game with %1 has begun (side %2: %3).</source>
        <translation>La partie avec %1 a commencé (camp %2 : %3).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="566"/>
        <source>Refused a message of %1: %2</source>
        <translation>Message de %1 refusé : %2</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="590"/>
        <source>The network game ended: %1</source>
        <translation>La partie en réseau est terminée : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="596"/>
        <source>The network game stopped: %1</source>
        <translation>La partie en réseau s&apos;est interrompue : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="646"/>
        <source>%1 is back: resuming from the last agreed command.</source>
        <translation>%1 est de retour : reprise à la dernière commande convenue.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="674"/>
        <source>Connected to %1 again: resuming from the last agreed command.</source>
        <translation>De nouveau connecté à %1 : reprise à la dernière commande convenue.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="432"/>
        <location filename="../ui/table/netgame.cpp" line="680"/>
        <source>Could not reconnect: %1</source>
        <translation>Impossible de se reconnecter : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="695"/>
        <source>%1 left the game</source>
        <translation>%1 a quitté la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="728"/>
        <source>Player %1</source>
        <translation>Joueur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="730"/>
        <source>the other player</source>
        <translation>l&apos;autre joueur</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="768"/>
        <source>command %1 (%2: %3)</source>
        <translation>commande %1 (%2 : %3)</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="806"/>
        <source>Hosting a network game on port %1. Give your friend this computer&apos;s address (%2) and the port. Waiting for them to join…</source>
        <translation>Partie en réseau hébergée sur le port %1. Donnez à votre ami l&apos;adresse de cet ordinateur (%2) et le port. En attente de son arrivée…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="804"/>
        <location filename="../ui/table/netgame.cpp" line="809"/>
        <source>none found: check the network</source>
        <translation>aucune trouvée : vérifiez le réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="115"/>
        <source>%1 declined the game. Waiting for another player…</source>
        <translation>%1 a refusé la partie. En attente d’un autre joueur…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="116"/>
        <source>%1 declined the game (%2). Waiting for another player…</source>
        <translation>%1 a refusé la partie (%2). En attente d’un autre joueur…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="164"/>
        <source>%1 declined it</source>
        <translation>%1 l’a refusée</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="165"/>
        <source>You declined %1&apos;s game.</source>
        <translation>Vous avez refusé la partie de %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="209"/>
        <location filename="../ui/table/netgame.cpp" line="627"/>
        <source>Could not resume: %1</source>
        <translation>Reprise impossible : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="249"/>
        <source>The club server %1 is back: game %2 is open again, waiting for a player to join.</source>
        <translation>Le serveur du club %1 est de retour : la partie %2 est de nouveau ouverte, en attente d’un joueur.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="345"/>
        <source>The club server %1 went away (%2). It keeps game %3 open: this computer takes it back when the server is back.</source>
        <translation>Le serveur du club %1 est parti (%2). Il garde la partie %3 ouverte : cet ordinateur la reprend quand le serveur est de retour.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="349"/>
        <source>it shut down</source>
        <translation>il s’est arrêté</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="544"/>
        <source>Hidden models are masked: this computer knows %1&apos;s models In Reserve or Embarked only as commitments until the rules reveal them.</source>
        <translation>Les figurines cachées sont masquées : cet ordinateur ne connaît les figurines de %1 En Réserve ou Embarquées que par des engagements, jusqu&apos;à ce que les règles les révèlent.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="548"/>
        <source>Hidden models are not masked (%1&apos;s program or the club server cannot): both computers hold both fleets; each screen shows only what the rules let its player see.</source>
        <translation>Les figurines cachées ne sont pas masquées (le programme de %1 ou le serveur de club ne le peut pas) : les deux ordinateurs connaissent les deux flottes ; chaque écran ne montre que ce que les règles laissent voir à son joueur.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="553"/>
        <source>But the fleets were sent in clear before the game: both computers have both fleets.</source>
        <translation>Mais les flottes ont été envoyées en clair avant la partie : les deux ordinateurs ont les deux flottes.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="581"/>
        <source>The club server shut down; it saved game %1. This computer takes its seat again when the server is back.</source>
        <translation>Le serveur du club s’est arrêté ; il a enregistré la partie %1. Cet ordinateur reprendra sa place quand le serveur sera de retour.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="780"/>
        <source>The club server %1 is away. It keeps game %2 open: this computer takes it back by itself when the server is back (it tries every few seconds).</source>
        <translation>Le serveur du club %1 est absent. Il garde la partie %2 ouverte : cet ordinateur la reprend de lui-même quand le serveur est de retour (il essaie toutes les quelques secondes).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="799"/>
        <source>Resuming the saved game with %1 on port %2. Give them this computer&apos;s address (%3) and the port: they join with the game their computer saved. Waiting for them…</source>
        <translation>Reprise de la partie sauvegardée avec %1 sur le port %2. Donnez-lui l&apos;adresse de cet ordinateur (%3) et le port : il rejoint avec la partie que son ordinateur a sauvegardée. En attente…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="805"/>
        <location filename="../ui/table/netgame.cpp" line="810"/>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="819"/>
        <source>%1 offers this game: %2, rules %3; their fleet (%4 points) against yours (%5 points). Accept it to begin, or decline it.</source>
        <translation>%1 propose cette partie : %2, règles %3 ; sa flotte (%4 points) contre la vôtre (%5 points). Acceptez-la pour commencer, ou refusez-la.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="824"/>
        <source>%1 offers this game: %2, rules %3; their fleet %4 (%5 points) against yours (%6 points). Accept it to begin, or decline it.</source>
        <translation>%1 propose cette partie : %2, règles %3 ; sa flotte %4 (%5 points) contre la vôtre (%6 points). Acceptez-la pour commencer, ou refusez-la.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="840"/>
        <source>Connecting to %1, port %2…</source>
        <translation>Connexion à %1, port %2…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="846"/>
        <source>Connected to %1: going back to the last command both agreed on…</source>
        <translation>Connecté à %1 : retour à la dernière commande convenue des deux côtés…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="848"/>
        <source>Connected to %1: agreeing on the game and the dice of the start…</source>
        <translation>Connecté à %1 : accord sur la partie et les dés de départ…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="856"/>
        <source>Your turn. Network game with %1.</source>
        <translation>À vous de jouer. Partie en réseau avec %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="858"/>
        <source>Waiting for %1 (over the network)…</source>
        <translation>En attente de %1 (en réseau)…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="859"/>
        <source>Waiting for %1 to agree on the command and its dice…</source>
        <translation>En attente de l&apos;accord de %1 sur la commande et ses dés…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="862"/>
        <source>No command was agreed yet.</source>
        <translation>Aucune commande n&apos;a encore été convenue.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="863"/>
        <source>The last agreed command is %1.</source>
        <translation>La dernière commande convenue est %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="866"/>
        <source>The game is paused: the club server shut down (it saved game %1). It resumes when the server is back and both players take their seats again. This computer tries every few seconds; Reconnect tries at once.</source>
        <translation>La partie est en pause : le serveur du club s’est arrêté (il a enregistré la partie %1). Elle reprend quand le serveur est de retour et que les deux joueurs reprennent leur place. Cet ordinateur essaie toutes les quelques secondes ; Se reconnecter essaie tout de suite.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="882"/>
        <source>The connection to %1 was lost: the game is paused; it resumes when %1 reconnects.</source>
        <translation>La connexion avec %1 a été perdue : la partie est en pause ; elle reprendra quand %1 se reconnectera.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="885"/>
        <source>The connection to %1 was lost: the game is paused; it resumes when you reconnect (Reconnect).</source>
        <translation>La connexion avec %1 a été perdue : la partie est en pause ; elle reprendra quand vous vous reconnecterez (Se reconnecter).</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="894"/>
        <source>Could not join the network game: %1</source>
        <translation>Impossible de rejoindre la partie en réseau : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="895"/>
        <source>The network game stopped: %1. Save the game (Game › Save Game As…) to keep it.</source>
        <translation>La partie en réseau s&apos;est interrompue : %1. Enregistrez la partie (Partie › Enregistrer la partie sous…) pour la conserver.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="899"/>
        <source>The network game is over.</source>
        <translation>La partie en réseau est terminée.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="900"/>
        <source>The network game ended: %1.</source>
        <translation>La partie en réseau est terminée : %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="913"/>
        <source>Not connected: the message was not sent.</source>
        <translation>Non connecté : le message n&apos;a pas été envoyé.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="917"/>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="31"/>
        <source>The TCP port of the game. Over the internet, the host&apos;s router must forward it to the host&apos;s computer.</source>
        <translation>Le port TCP de la partie. Sur Internet, le routeur de l&apos;hôte doit le rediriger vers l&apos;ordinateur de l&apos;hôte.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="254"/>
        <source>Game %1 is open on the club server %2: waiting for a player to join.</source>
        <translation>La partie %1 est ouverte sur le serveur du club %2 : en attente d&apos;un joueur.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="359"/>
        <location filename="../ui/table/netgame.cpp" line="626"/>
        <source>The club server: %1</source>
        <translation>Le serveur du club : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="436"/>
        <source>Back in game %1 on the club server: it resumes from the last agreed command when both players are there.</source>
        <translation>De retour dans la partie %1 sur le serveur du club : elle reprendra à la dernière commande convenue quand les deux joueurs seront là.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="793"/>
        <source>Creating the game on the club server %1, port %2…</source>
        <translation>Création de la partie sur le serveur du club %1, port %2…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="794"/>
        <source>Game %1 is open on the club server %2: waiting for a player to join…</source>
        <translation>La partie %1 est ouverte sur le serveur du club %2 : en attente d&apos;un joueur…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="836"/>
        <source>Joining game %1 on the club server %2, port %3…</source>
        <translation>Connexion à la partie %1 sur le serveur du club %2, port %3…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="843"/>
        <source>Back at the club server: waiting for %1 to take their seat again…</source>
        <translation>De retour sur le serveur du club : en attente du retour de %1 à sa place…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="852"/>
        <source>Your turn. Game %1 on the club server %2, with %3.</source>
        <translation>À vous de jouer. Partie %1 sur le serveur du club %2, avec %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="871"/>
        <source>The game is paused (the club server lost a player&apos;s connection); it resumes when both players are back. This computer takes its seat again by itself; Reconnect tries at once.</source>
        <translation>La partie est en pause (le serveur du club a perdu la connexion d&apos;un joueur) ; elle reprendra quand les deux joueurs seront revenus. Cet ordinateur reprend sa place de lui-même ; « Se reconnecter » essaie tout de suite.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="786"/>
        <location filename="../ui/table/netgame.cpp" line="877"/>
        <source>Reconnecting…</source>
        <translation>Reconnexion…</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="788"/>
        <location filename="../ui/table/netgame.cpp" line="879"/>
        <source>Last try: %1.</source>
        <translation>Dernier essai : %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="892"/>
        <source>The club game did not begin: %1</source>
        <translation>La partie du club n&apos;a pas commencé : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/netgame.cpp" line="832"/>
        <source>Taking your seat in game %1 on the club server %2 again…</source>
        <translation>Reprise de votre place dans la partie %1 sur le serveur du club %2…</translation>
    </message>
</context>
<context>
    <name>jw::NetTable</name>
    <message>
        <location filename="../ui/table/nettable.cpp" line="55"/>
        <source>Reconnect</source>
        <translation>Se reconnecter</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="58"/>
        <location filename="../ui/table/nettable.cpp" line="196"/>
        <source>Leave Network Game</source>
        <translation>Quitter la partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="60"/>
        <source>End the network game; the game stays on the table (save it to keep it).</source>
        <translation>Mettre fin à la partie en réseau ; la partie reste sur la table (enregistrez-la pour la conserver).</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="72"/>
        <source>Accept Game</source>
        <translation>Accepter la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="74"/>
        <source>Play this game: the host&apos;s scenario, rules and fleet against yours.</source>
        <translation>Jouer cette partie : le scénario, les règles et la flotte de l’hôte contre les vôtres.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="78"/>
        <source>Resume over the Network…</source>
        <translation>Reprendre en réseau…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="80"/>
        <source>Go on with this game with the other player: one computer hosts, the other joins, each with the game it saved.</source>
        <translation>Poursuivre cette partie avec l&apos;autre joueur : un ordinateur héberge, l&apos;autre rejoint, chacun avec la partie qu&apos;il a sauvegardée.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="98"/>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="120"/>
        <source>&amp;Host Network Game…</source>
        <translation>&amp;Héberger une partie en réseau…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="123"/>
        <source>Play with a friend at another computer: choose your fleet and the game, then wait for them to join.</source>
        <translation>Jouer avec un ami sur un autre ordinateur : choisissez votre flotte et la partie, puis attendez qu&apos;il vous rejoigne.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="126"/>
        <source>&amp;Join Network Game…</source>
        <translation>Re&amp;joindre une partie en réseau…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="129"/>
        <source>Join the game a friend hosts: their address and port, and your fleet.</source>
        <translation>Rejoindre la partie hébergée par un ami : son adresse et son port, et votre flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="138"/>
        <source>Resume Network Game…</source>
        <translation>Reprendre une partie en réseau…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="140"/>
        <source>Go on with a network game another day: open the game this computer saved; the other player does the same.</source>
        <translation>Poursuivre une partie en réseau un autre jour : ouvrez la partie que cet ordinateur a sauvegardée ; l&apos;autre joueur fait de même.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="171"/>
        <source>%1 was played over the network (%2 vs %3); you played %4. To go on with it together, each player opens the game their computer saved (Resume over the Network…).</source>
        <translation>%1 a été jouée en réseau (%2 contre %3) ; vous jouiez %4. Pour la poursuivre ensemble, chaque joueur ouvre la partie que son ordinateur a enregistrée (Reprendre en réseau…).</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="177"/>
        <source>%1 was played over the network (%2 vs %3). To go on with it together, each player opens the game their computer saved (Resume over the Network…).</source>
        <translation>%1 a été jouée en réseau (%2 contre %3). Pour la poursuivre ensemble, chaque joueur ouvre la partie que son ordinateur a sauvegardée (Reprendre en réseau…).</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="184"/>
        <source>Dismiss</source>
        <translation>Ignorer</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="191"/>
        <source>Decline</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="193"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="195"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="226"/>
        <source>the host no longer offers this game</source>
        <translation>l&apos;hôte ne propose plus cette partie</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="234"/>
        <source>Host Network Game</source>
        <translation>Héberger une partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="327"/>
        <location filename="../ui/table/nettable.cpp" line="338"/>
        <location filename="../ui/table/nettable.cpp" line="342"/>
        <location filename="../ui/table/nettable.cpp" line="350"/>
        <location filename="../ui/table/nettable.cpp" line="371"/>
        <source>Resume Network Game</source>
        <translation>Reprendre une partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="328"/>
        <source>Saved games (*.%1)</source>
        <translation>Parties sauvegardées (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="343"/>
        <source>%1 was not played over the network (its dice were not rolled by both computers): open it with Game › Open Game….</source>
        <translation>%1 n&apos;a pas été jouée en réseau (ses dés n&apos;ont pas été lancés par les deux ordinateurs) : ouvrez-la avec Partie › Ouvrir une partie….</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="351"/>
        <source>The game in %1 is over: nothing to resume.</source>
        <translation>La partie de %1 est terminée : rien à reprendre.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="131"/>
        <source>Connect to Club Ser&amp;ver…</source>
        <translation>Se connecter au serve&amp;ur du club…</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="133"/>
        <source>Play or watch games on your club&apos;s server (jwfleet-server): its open games, create one or join one.</source>
        <translation>Jouer ou regarder des parties sur le serveur de votre club (jwfleet-server) : ses parties ouvertes, en créer une ou en rejoindre une.</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="305"/>
        <source>Club Server</source>
        <translation>Serveur du club</translation>
    </message>
    <message>
        <location filename="../ui/table/nettable.cpp" line="306"/>
        <source>The game this computer saved cannot be read: %1</source>
        <translation>La partie enregistrée par cet ordinateur ne peut pas être lue : %1</translation>
    </message>
</context>
<context>
    <name>jw::NewGameDialog</name>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="88"/>
        <source>New Game</source>
        <translation>Nouvelle partie</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="95"/>
        <source>Player %1</source>
        <translation>Joueur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="105"/>
        <source>Computer: Expert (strongest)</source>
        <translation>Ordinateur : Expert (le plus fort)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="106"/>
        <source>Computer: Careful</source>
        <translation>Ordinateur : Prudent</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="117"/>
        <source>Player %1:</source>
        <translation>Joueur %1 :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="119"/>
        <source>(no fleet)</source>
        <translation>(aucune flotte)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="122"/>
        <source>Fleet File…</source>
        <translation>Fichier de flotte…</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="124"/>
        <source>From Builder</source>
        <translation>Depuis le constructeur</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="129"/>
        <source>(fleet builder)</source>
        <translation>(constructeur de flotte)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="142"/>
        <source>Fleet:</source>
        <translation>Flotte :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="168"/>
        <source>Scenario:</source>
        <translation>Scénario :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="156"/>
        <source>Rules:</source>
        <translation>Règles :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="79"/>
        <source>Rule: %1</source>
        <translation>Règle : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="98"/>
        <source>Player %1&apos;s name</source>
        <translation>Nom du joueur %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="104"/>
        <source>A person</source>
        <translation>Une personne</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="107"/>
        <source>Computer: Greedy</source>
        <translation>Ordinateur : Glouton</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="108"/>
        <source>Computer: Random (learning the rules)</source>
        <translation>Ordinateur : Aléatoire (pour apprendre les règles)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="111"/>
        <source>Who plays this side. The computer plays by the same rules, never sees your dice to come, and writes why it chose each command in the game log.</source>
        <translation>Qui joue ce camp. L&apos;ordinateur joue selon les mêmes règles, ne voit jamais vos dés à venir, et explique dans le journal de partie pourquoi il a choisi chaque commande.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="113"/>
        <source>Player %1 played by</source>
        <translation>Joueur %1 joué par</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="132"/>
        <source>From Campaign</source>
        <translation>Depuis la campagne</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="154"/>
        <source>The rules version the game plays; each fleet is checked against it</source>
        <translation>La version des règles de la partie ; chaque flotte est vérifiée selon cette version</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="171"/>
        <source>The scenario</source>
        <translation>Le scénario</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="177"/>
        <source>Random Selection</source>
        <translation>Sélection Aléatoire</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="178"/>
        <source>Player 1</source>
        <translation>Joueur 1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="179"/>
        <source>Player 2</source>
        <translation>Joueur 2</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="180"/>
        <source>Initiative:</source>
        <translation>Initiative :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="182"/>
        <source>Seed:</source>
        <translation>Graine :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="194"/>
        <location filename="../ui/table/newgamedialog.cpp" line="556"/>
        <source>Start Game</source>
        <translation>Commencer la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="216"/>
        <source>%1&apos;s roster (%2 units)</source>
        <translation>Registre de %1 (%2 unités)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="221"/>
        <source>A player&apos;s roster in the campaign “%1”</source>
        <translation>Le registre d&apos;un joueur dans la campagne « %1 »</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="233"/>
        <source>%1&apos;s roster (%2)</source>
        <translation>Registre de %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="243"/>
        <source>(unnamed fleet)</source>
        <translation>(flotte sans nom)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="313"/>
        <source>Fleet for %1</source>
        <translation>Flotte pour %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="314"/>
        <source>Fleets (*.%1)</source>
        <translation>Flottes (*.%1)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="325"/>
        <location filename="../ui/table/newgamedialog.cpp" line="381"/>
        <source>Choose a fleet for %1.</source>
        <translation>Choisissez une flotte pour %1.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="330"/>
        <source>%1&apos;s fleet has no models: it cannot be played. Add units in the Fleet Builder, or choose another fleet.</source>
        <translation>La flotte de %1 n&apos;a aucune figurine : elle ne peut pas être jouée. Ajoutez des unités dans le Constructeur de flotte, ou choisissez une autre flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="344"/>
        <source>Choose a scenario.</source>
        <translation>Choisissez un scénario.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="356"/>
        <source>The seed is a whole number.</source>
        <translation>La graine doit être un nombre entier.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="385"/>
        <location filename="../ui/table/newgamedialog.cpp" line="432"/>
        <source>%1&apos;s fleet</source>
        <translation>Flotte de %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="387"/>
        <source>%1 has no models: it cannot be played. Add units in the Fleet Builder, or choose another fleet.</source>
        <translation>%1 n&apos;a aucune figurine : elle ne peut pas être jouée. Ajoutez des unités dans le Constructeur de flotte, ou choisissez une autre flotte.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="395"/>
        <source>%1 uses the unit “%2”, which the unit database does not have.</source>
        <translation>%1 utilise l&apos;unité « %2 », absente de la base d&apos;unités.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="417"/>
        <source> (and %1 more)</source>
        <translation> (et %1 de plus)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="418"/>
        <source>%1 is not legal under %2: %3.</source>
        <translation>%1 n&apos;est pas conforme aux règles %2 : %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="422"/>
        <source>%1 was built for %2; this game plays %3.</source>
        <translation>%1 a été construite pour %2 ; cette partie utilise %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="437"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="446"/>
        <source>The fleets were built for different game sizes: %1 for %2 points, %3 for %4.</source>
        <translation>Les flottes ont été construites pour des formats différents : %1 pour %2 points, %3 pour %4.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="452"/>
        <source>%1 has %2 points, over the %3 points %4 was built for.</source>
        <translation>%1 a %2 points, plus que les %3 points pour lesquels %4 a été construite.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="457"/>
        <source>The fleets are far apart: %1 has %2 points, %3 has %4 (%5 points apart).</source>
        <translation>Les flottes sont très inégales : %1 a %2 points, %3 en a %4 (%5 points d&apos;écart).</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="493"/>
        <source>No fleet chosen.</source>
        <translation>Aucune flotte choisie.</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="503"/>
        <source>%1 of %2 points</source>
        <translation>%1 sur %2 points</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="504"/>
        <source>1 model</source>
        <translation>1 figurine</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="504"/>
        <source>%1 models</source>
        <translation>%1 figurines</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="505"/>
        <source>built for %1</source>
        <translation>construite pour %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="509"/>
        <source>cannot be played: no models</source>
        <translation>injouable : aucune figurine</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="513"/>
        <source>legal under %1</source>
        <translation>conforme aux règles %1</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="518"/>
        <source>not legal under %1 (1 error)</source>
        <translation>non conforme aux règles %1 (1 erreur)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="519"/>
        <source>not legal under %1 (%2 errors)</source>
        <translation>non conforme aux règles %1 (%2 erreurs)</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="528"/>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="528"/>
        <source>warning</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="544"/>
        <source>Cannot start:</source>
        <translation>Impossible de commencer :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="549"/>
        <source>Check:</source>
        <translation>À vérifier :</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="555"/>
        <source>Play Anyway</source>
        <translation>Jouer quand même</translation>
    </message>
    <message>
        <location filename="../ui/table/newgamedialog.cpp" line="557"/>
        <source>Start the game despite the checks listed above</source>
        <translation>Commencer la partie malgré les points signalés ci-dessus</translation>
    </message>
</context>
<context>
    <name>jw::OddsBar</name>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="83"/>
        <source>Odds of the best result</source>
        <translation>Probabilité du meilleur résultat</translation>
    </message>
    <message>
        <location filename="../ui/table/attackpreview.cpp" line="91"/>
        <source>Best result: miss %1, [D] %2, [T] %3, [Q+] %4</source>
        <translation>Meilleur résultat : raté %1, [D] %2, [T] %3, [Q+] %4</translation>
    </message>
</context>
<context>
    <name>jw::PreferencesDialog</name>
    <message>
        <location filename="../ui/help/preferences.cpp" line="152"/>
        <source>Preferences</source>
        <translation>Préférences</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="157"/>
        <source>The rules version of a new fleet, game or campaign</source>
        <translation>La version des règles d&apos;une nouvelle flotte, partie ou campagne</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="158"/>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="159"/>
        <source>US Letter</source>
        <translation>Lettre US</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="161"/>
        <source>4 cards per page</source>
        <translation>4 cartes par page</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="162"/>
        <source>2 cards per page</source>
        <translation>2 cartes par page</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="163"/>
        <source>1 card per page</source>
        <translation>1 carte par page</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="166"/>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="175"/>
        <source>The language changes when jwfleet starts next.</source>
        <translation>La langue change au prochain démarrage de jwfleet.</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="178"/>
        <source>Data folder</source>
        <translation>Dossier de données</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="181"/>
        <source>Where your values from printed cards (units.yaml) are kept. jwfleet-cli reads the default folder, or JW_USER_DATA.</source>
        <translation>Où sont conservées vos valeurs de cartes imprimées (units.yaml). jwfleet-cli lit le dossier par défaut, ou JW_USER_DATA.</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="184"/>
        <source>Campaign database</source>
        <translation>Base de données de campagne</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="186"/>
        <source>The campaign database the Campaign tab opens: an SQLite file, or postgresql://user:password@host:port/database</source>
        <translation>La base de données de campagne qu&apos;ouvre l&apos;onglet Campagne : un fichier SQLite, ou postgresql://utilisateur:motdepasse@serveur:port/base</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="194"/>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="200"/>
        <source>Default rules:</source>
        <translation>Règles par défaut :</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="201"/>
        <source>Paper:</source>
        <translation>Papier :</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="202"/>
        <source>Card layout:</source>
        <translation>Disposition des cartes :</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="203"/>
        <source>Language:</source>
        <translation>Langue :</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="205"/>
        <source>Data folder:</source>
        <translation>Dossier de données :</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="207"/>
        <source>Data Folder</source>
        <translation>Dossier de données</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="213"/>
        <source>Campaign database:</source>
        <translation>Base de données de campagne :</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="215"/>
        <source>Campaign Database</source>
        <translation>Base de données de campagne</translation>
    </message>
    <message>
        <location filename="../ui/help/preferences.cpp" line="216"/>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>Bases de données SQLite (*.sqlite *.db);;Tous les fichiers (*)</translation>
    </message>
</context>
<context>
    <name>jw::PrintOptionsDialog</name>
    <message>
        <location filename="../ui/print/printing.cpp" line="39"/>
        <source>Roster page first (fleet, points, legality, carrier plan)</source>
        <translation>Page de registre en premier (flotte, points, conformité, plan des porte-vaisseaux)</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="43"/>
        <source>Print Layout</source>
        <translation>Mise en page d&apos;impression</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="45"/>
        <source>4 cards per page</source>
        <translation>4 cartes par page</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="46"/>
        <source>2 cards per page</source>
        <translation>2 cartes par page</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="47"/>
        <source>1 card per page</source>
        <translation>1 carte par page</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="48"/>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="49"/>
        <source>US Letter</source>
        <translation>Lettre US</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="50"/>
        <source>Best for the layout</source>
        <translation>Adaptée à la mise en page</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="67"/>
        <source>Layout:</source>
        <translation>Mise en page :</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="68"/>
        <source>Paper:</source>
        <translation>Papier :</translation>
    </message>
    <message>
        <location filename="../ui/print/printing.cpp" line="69"/>
        <source>Card size:</source>
        <translation>Taille des cartes :</translation>
    </message>
</context>
<context>
    <name>jw::PrintedCardDialog</name>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="70"/>
        <source>Printed Card Values – %1</source>
        <translation>Valeurs de carte imprimée – %1</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="73"/>
        <source>Copy the values printed on your card of the &lt;b&gt;%1&lt;/b&gt;. A ticked value is the card&apos;s: it replaces jwfleet&apos;s everywhere (lists, cards, fleet checks), which say that you entered it. Unticked values stay as shipped.</source>
        <translation>Recopiez les valeurs imprimées sur votre carte de &lt;b&gt;%1&lt;/b&gt;. Une valeur cochée est celle de la carte : elle remplace celle de jwfleet partout (listes, cartes, vérifications de flotte), qui indiquent que vous l&apos;avez saisie. Les valeurs non cochées restent celles d&apos;origine.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="82"/>
        <source>&amp;Card:</source>
        <translation>&amp;Carte :</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="85"/>
        <source>which card, e.g. &quot;v1.2.3 printed card&quot;</source>
        <translation>quelle carte, p. ex. &quot;carte imprimée v1.2.3&quot;</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="100"/>
        <source>Threat Value</source>
        <translation>Valeur de Menace</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="101"/>
        <source>Unit Cap</source>
        <translation>Limite d&apos;Unités</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="102"/>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="103"/>
        <source>Turns</source>
        <translation>Virages</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="104"/>
        <source>Fire Control</source>
        <translation>Conduite de Tir</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="105"/>
        <location filename="../ui/printedcarddialog.cpp" line="261"/>
        <source>Skill</source>
        <translation>Compétence</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="106"/>
        <source>Armor Fore</source>
        <translation>Blindage Avant</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="107"/>
        <source>Armor Port/Starboard</source>
        <translation>Blindage Bâbord/Tribord</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="108"/>
        <source>Armor Aft</source>
        <translation>Blindage Arrière</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="109"/>
        <source>Structure</source>
        <translation>Structure</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="110"/>
        <source>Defense</source>
        <translation>Défense</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="111"/>
        <source>Sensors</source>
        <translation>Senseurs</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="112"/>
        <source>Thrusters</source>
        <translation>Propulseurs</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="113"/>
        <source>Marines</source>
        <translation>Marines</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="114"/>
        <source>Fuel</source>
        <translation>Carburant</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="138"/>
        <source>Weapons</source>
        <translation>Armes</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="149"/>
        <source>Arcs</source>
        <translation>Arcs</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="149"/>
        <source>F, P, S, A or T (turret), or several joined by &apos;/&apos;</source>
        <translation>F, P, S, A ou T (tourelle), ou plusieurs reliés par &apos;/&apos;</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="152"/>
        <source>AC</source>
        <translation>AC</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="152"/>
        <source>Anti-Capital base dice</source>
        <translation>Dés de base contre les Vaisseaux Capitaux (Anti-Capital)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="153"/>
        <source>AS</source>
        <translation>AS</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="153"/>
        <source>Anti-Squadron base dice</source>
        <translation>Dés de base contre les Escadrilles (Anti-Squadron)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="154"/>
        <source>Ma</source>
        <translation>Ma</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="154"/>
        <source>Macro dice</source>
        <translation>Dés Macro</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="155"/>
        <source>Count</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="155"/>
        <source>Instances of the weapon, one damage box each</source>
        <translation>Exemplaires de l&apos;arme, une case de dégâts chacun</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="200"/>
        <source>Revert All to Shipped</source>
        <translation>Tout restaurer</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="253"/>
        <source>Ticked: the weapon&apos;s ratings printed on the card. Unticked: jwfleet&apos;s shipped ratings.</source>
        <translation>Coché : les indices de l&apos;arme imprimés sur la carte. Non coché : les indices d&apos;origine de jwfleet.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="278"/>
        <source>AC %1, AS %2, Ma %3</source>
        <translation>AC %1, AS %2, Ma %3</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="302"/>
        <source>Back to the shipped ratings</source>
        <translation>Revenir aux indices d&apos;origine</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="404"/>
        <source>Ticked: the value printed on the card. Unticked: jwfleet&apos;s shipped value.</source>
        <translation>Coché : la valeur imprimée sur la carte. Non coché : la valeur d&apos;origine de jwfleet.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="615"/>
        <source>%1: write the arcs as F, P, S, A or T, or several joined by &apos;/&apos; (&quot;F/P&quot;)</source>
        <translation>%1 : écrivez les arcs sous la forme F, P, S, A ou T, ou plusieurs reliés par &apos;/&apos; (&quot;F/P&quot;)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="346"/>
        <source>rules</source>
        <translation>règles</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="348"/>
        <source>printed card</source>
        <translation>carte imprimée</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="352"/>
        <source>jwfleet&apos;s estimate</source>
        <translation>estimation de jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="412"/>
        <source>The boxes from lowest to highest, e.g. &quot;1 2 3 3&quot;.</source>
        <translation>Les cases de la plus basse à la plus haute, p. ex. &quot;1 2 3 3&quot;.</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="413"/>
        <location filename="../ui/printedcarddialog.cpp" line="424"/>
        <location filename="../ui/printedcarddialog.cpp" line="427"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="293"/>
        <location filename="../ui/printedcarddialog.cpp" line="436"/>
        <source>shipped: %1 (%2)</source>
        <translation>d&apos;origine : %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="301"/>
        <location filename="../ui/printedcarddialog.cpp" line="445"/>
        <source>Revert</source>
        <translation>Restaurer</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="446"/>
        <source>Back to the shipped value</source>
        <translation>Revenir à la valeur d&apos;origine</translation>
    </message>
    <message>
        <location filename="../ui/printedcarddialog.cpp" line="599"/>
        <source>%1: write the boxes as numbers, e.g. &quot;1 2 3 3&quot;</source>
        <translation>%1 : écrivez les cases sous forme de nombres, p. ex. &quot;1 2 3 3&quot;</translation>
    </message>
</context>
<context>
    <name>jw::ReplayViewer</name>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="28"/>
        <source>Replay</source>
        <translation>Relecture</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="34"/>
        <source>◀ Back</source>
        <translation>◀ Précédent</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="36"/>
        <source>Forward ▶</source>
        <translation>Suivant ▶</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="44"/>
        <source>Jump to…</source>
        <translation>Aller à…</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="52"/>
        <source>Turn %1</source>
        <translation>Tour %1</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="58"/>
        <source>Turn %1: %2 activates</source>
        <translation>Tour %1 : activation de %2</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="61"/>
        <source>a model out of sight</source>
        <translation>une figurine hors de vue</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="104"/>
        <source>Replay of the Game in Progress</source>
        <translation>Relecture de la partie en cours</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="148"/>
        <source>Command %1 of %2 · Turn %3 · %4</source>
        <translation>Commande %1 sur %2 · Tour %3 · %4</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="205"/>
        <source>%1 does something out of sight (secret information).</source>
        <translation>%1 fait quelque chose hors de vue (information secrète).</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="209"/>
        <source>%1 deploys %2.</source>
        <translation>%1 déploie %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="211"/>
        <source>%1 deploys %2 Embarked on %3.</source>
        <translation>%1 déploie %2 Embarquée sur %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="213"/>
        <source>%1 declines to deploy.</source>
        <translation>%1 renonce au déploiement.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="215"/>
        <source>%1 activates %2: %3.</source>
        <translation>%1 active %2 : %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="218"/>
        <location filename="../ui/table/replayviewer.cpp" line="219"/>
        <source>%1 moves %2.</source>
        <translation>%1 déplace %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="226"/>
        <source>%1: %2 attacks %3 with %4.</source>
        <translation>%1 : %2 attaque %3 avec %4.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="231"/>
        <source>%1 answers.</source>
        <translation>%1 répond.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="234"/>
        <source>%1 answers “%2”: %3.</source>
        <translation>%1 répond à « %2 » : %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="241"/>
        <source>%1 resolves %2 of %3 against %4.</source>
        <translation>%1 résout %2 de %3 contre %4.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="243"/>
        <source>%1 resolves %2 of %3.</source>
        <translation>%1 résout %2 de %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="245"/>
        <source>%1 launches %2.</source>
        <translation>%1 lance %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="247"/>
        <source>%1 lands %2 on %3.</source>
        <translation>%1 fait apponter %2 sur %3.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="250"/>
        <source>%1 ends the activation of %2.</source>
        <translation>%1 termine l&apos;activation de %2.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="253"/>
        <source>%1 places a Beacon marker at (%2, %3).</source>
        <translation>%1 place un marqueur Balise en (%2, %3).</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="258"/>
        <source>The scenario is set up.</source>
        <translation>Le scénario est mis en place.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="260"/>
        <source>%1 places the Comet at (%2, %3).</source>
        <translation>%1 place la Comète en (%2, %3).</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="265"/>
        <source>%1 rolls the dice.</source>
        <translation>%1 lance les dés.</translation>
    </message>
    <message>
        <location filename="../ui/table/replayviewer.cpp" line="266"/>
        <source>%1 corrects the table.</source>
        <translation>%1 corrige la table.</translation>
    </message>
</context>
<context>
    <name>jw::ResumeNetworkDialog</name>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="189"/>
        <source>Resume Network Game</source>
        <translation>Reprendre une partie en réseau</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="194"/>
        <source>no command agreed yet</source>
        <translation>aucune commande convenue pour l&apos;instant</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="195"/>
        <source>one command agreed</source>
        <translation>une commande convenue</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="196"/>
        <source>%1 commands agreed</source>
        <translation>%1 commandes convenues</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="198"/>
        <source>%1 vs %2 · %3 · %4 · %5</source>
        <translation>%1 contre %2 · %3 · %4 · %5</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="209"/>
        <source>The other player opens the game their computer saved and does the same: one hosts, the other joins. Both go back to the last command both agreed on.</source>
        <translation>L&apos;autre joueur ouvre la partie que son ordinateur a sauvegardée et fait de même : l&apos;un héberge, l&apos;autre rejoint. Les deux reviennent à la dernière commande convenue des deux côtés.</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="218"/>
        <source>%1 (player %2)</source>
        <translation>%1 (joueur %2)</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="224"/>
        <source>%1 (player %2), as this computer saved it</source>
        <translation>%1 (joueur %2), tel que cet ordinateur l’a enregistré</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="230"/>
        <location filename="../ui/table/netdialogs.cpp" line="232"/>
        <source>You play:</source>
        <translation>Vous jouez :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="234"/>
        <source>&amp;Host: wait for the other player to join</source>
        <translation>&amp;Héberger : attendre que l&apos;autre joueur rejoigne</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="236"/>
        <source>&amp;Join the other player&apos;s computer</source>
        <translation>&amp;Rejoindre l&apos;ordinateur de l&apos;autre joueur</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="239"/>
        <source>Connection:</source>
        <translation>Connexion :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="243"/>
        <source>e.g. 192.168.1.20 or a host name</source>
        <translation>p. ex. 192.168.1.20 ou un nom d&apos;hôte</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="245"/>
        <source>Host address:</source>
        <translation>Adresse de l&apos;hôte :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="247"/>
        <source>Port:</source>
        <translation>Port :</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="256"/>
        <source>Resume Game</source>
        <translation>Reprendre la partie</translation>
    </message>
    <message>
        <location filename="../ui/table/netdialogs.cpp" line="325"/>
        <source>Type the address of the other player&apos;s computer.</source>
        <translation>Saisissez l&apos;adresse de l&apos;ordinateur de l&apos;autre joueur.</translation>
    </message>
</context>
<context>
    <name>jw::RulesReference</name>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="40"/>
        <source>Rules Reference</source>
        <translation>Référence des règles</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="43"/>
        <source>Search the rules…</source>
        <translation>Rechercher dans les règles…</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="48"/>
        <source>Search hits</source>
        <translation>Résultats de recherche</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="52"/>
        <source>Chapters</source>
        <translation>Chapitres</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="66"/>
        <source>Rules text</source>
        <translation>Texte des règles</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="76"/>
        <source>%1 — house ruling</source>
        <translation>%1 — décision maison</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="80"/>
        <source>jwfleet&apos;s ruling: the rules are silent or unclear here</source>
        <translation>Décision d&apos;arbitrage de jwfleet : les règles sont muettes ou floues ici</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="81"/>
        <source>Gives a house ruling of jwfleet&apos;s (marked in the text)</source>
        <translation>Contient une décision maison de jwfleet (signalée dans le texte)</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="209"/>
        <source>&lt;b&gt;House ruling.&lt;/b&gt; jwfleet decides here where the rules are silent or unclear; this is not the rulebook&apos;s text.</source>
        <translation>&lt;b&gt;Décision maison.&lt;/b&gt; jwfleet tranche ici là où les règles sont muettes ou floues ; ce n&apos;est pas le texte du livre de règles.</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="212"/>
        <source>&lt;b&gt;Contains a house ruling&lt;/b&gt; (marked in the text): there jwfleet decides where the rules are silent or unclear.</source>
        <translation>&lt;b&gt;Contient une décision maison&lt;/b&gt; (signalée dans le texte) : jwfleet y tranche là où les règles sont muettes ou floues.</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="220"/>
        <source>&lt;b&gt;Differs by version.&lt;/b&gt; The same heading in another version&apos;s text: %1. Help › Rules Reference › Rules profiles shows what jwfleet applies in each profile.</source>
        <translation>&lt;b&gt;Diffère selon la version.&lt;/b&gt; Le même titre dans le texte d&apos;une autre version : %1. Aide › Référence des règles › Profils de règles montre ce que jwfleet applique dans chaque profil.</translation>
    </message>
    <message>
        <location filename="../ui/help/rulesreference.cpp" line="284"/>
        <source>More than 500 sections; showing the first 500</source>
        <translation>Plus de 500 sections ; affichage des 500 premières</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/help/rulesreference.cpp" line="285"/>
        <source>%n section(s) found</source>
        <translation>
            <numerusform>%n section trouvée</numerusform>
            <numerusform>%n sections trouvées</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jw::ShortcutsDialog</name>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="46"/>
        <source>Keyboard Shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="49"/>
        <source>Search actions and keys…</source>
        <translation>Rechercher des actions et des touches…</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="52"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="52"/>
        <source>Shortcut</source>
        <translation>Raccourci</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="54"/>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="124"/>
        <source>Other</source>
        <translation>Autres</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="126"/>
        <source>Game Table: the table</source>
        <translation>Table de jeu : la table</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="127"/>
        <source>Companion: the dice keypad</source>
        <translation>Compagnon : le pavé de dés</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="128"/>
        <source>Companion: the cards</source>
        <translation>Compagnon : les cartes</translation>
    </message>
    <message>
        <location filename="../ui/help/shortcutsdialog.cpp" line="129"/>
        <source>Campaign: the charts</source>
        <translation>Campagne : les graphiques</translation>
    </message>
</context>
<context>
    <name>jw::StandingsChart</name>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="413"/>
        <source>Standings over time</source>
        <translation>Classement au fil du temps</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="432"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="434"/>
        <source>Campaign points after battle %1: %2.</source>
        <translation>Points de campagne après la bataille %1 : %2.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="442"/>
        <source>Standings over time: no battles yet.</source>
        <translation>Évolution du classement : aucune bataille pour l&apos;instant.</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="451"/>
        <source>Campaign points after each battle</source>
        <translation>Points de campagne après chaque bataille</translation>
    </message>
    <message>
        <location filename="../ui/campaign/campaigncharts.cpp" line="479"/>
        <source>%1: %2 campaign points after battle %3 (%4), rank %5</source>
        <translation>%1 : %2 points de campagne après la bataille %3 (%4), rang %5</translation>
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
        <translation>eau %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="69"/>
        <source>intel %1</source>
        <comment>Scavenger Hunt: Intelligence Tokens aboard</comment>
        <translation>rens. %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="72"/>
        <source>done</source>
        <comment>activated this turn, under a model</comment>
        <translation>activé</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="79"/>
        <location filename="../ui/table/tablescene.cpp" line="136"/>
        <source>%1: Marines %2 · Search %3</source>
        <comment>a player&apos;s Marines aboard a UIO and Search tokens</comment>
        <translation>%1 : Marines %2 · Fouille %3</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="86"/>
        <location filename="../ui/table/tablescene.cpp" line="143"/>
        <source>searched by %1</source>
        <translation>fouillé par %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="179"/>
        <source>Structure %1 of %2</source>
        <translation>Structure %1 sur %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/table/tablescene.cpp" line="125"/>
        <location filename="../ui/table/tablescene.cpp" line="188"/>
        <source>Water: %n unit(s) aboard</source>
        <translation>
            <numerusform>Eau : %n unité à bord</numerusform>
            <numerusform>Eau : %n unités à bord</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="124"/>
        <source>W%1</source>
        <comment>Water Raid: units of water aboard, on a token</comment>
        <translation>E%1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="129"/>
        <source>I%1</source>
        <comment>Scavenger Hunt: Intelligence Tokens aboard, on a token</comment>
        <translation>R%1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="131"/>
        <location filename="../ui/table/tablescene.cpp" line="190"/>
        <source>Intelligence Tokens: %1</source>
        <translation>Pions de Renseignement : %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="177"/>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="194"/>
        <source>%1: %2 Marines aboard, %3 Search tokens</source>
        <translation>%1 : %2 Marines à bord, %3 pions Fouille</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="200"/>
        <source>Searched by %1</source>
        <translation>Fouillé par %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="202"/>
        <source>Not searched yet</source>
        <translation>Pas encore fouillé</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="205"/>
        <source>Activated this turn</source>
        <translation>Activé ce tour</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="265"/>
        <source>Wreck of %1</source>
        <translation>Épave de %1</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="577"/>
        <source>AC short</source>
        <translation>AC courte</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="578"/>
        <source>AC long</source>
        <translation>AC longue</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="579"/>
        <source>AS short</source>
        <translation>AS courte</translation>
    </message>
    <message>
        <location filename="../ui/table/tablescene.cpp" line="580"/>
        <source>AS long</source>
        <translation>AS longue</translation>
    </message>
</context>
<context>
    <name>jw::TableTerms</name>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="12"/>
        <source>Deployment Phase</source>
        <translation>Phase de Déploiement</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="14"/>
        <source>Activation Phase</source>
        <translation>Phase d&apos;Activation</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="16"/>
        <source>End Phase</source>
        <translation>Phase Finale</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="18"/>
        <location filename="../ui/table/tableterms.cpp" line="236"/>
        <source>Game over</source>
        <translation>Fin de partie</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="29"/>
        <source>Concentrated Fire</source>
        <translation>Tir Concentré</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="31"/>
        <source>Evade</source>
        <translation>Esquive</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="33"/>
        <source>Initiate Boarding</source>
        <translation>Lancer l&apos;Abordage</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="35"/>
        <source>Land</source>
        <translation>Appontage</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="37"/>
        <source>Launch</source>
        <translation>Lancement</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="39"/>
        <source>Lock On</source>
        <translation>Verrouillage</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="41"/>
        <source>Ramming Speed</source>
        <translation>Éperonnage</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="43"/>
        <source>Vector Attack</source>
        <translation>Attaque Vectorielle</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="45"/>
        <source>Withdraw</source>
        <translation>Retrait</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="47"/>
        <source>Boost</source>
        <translation>Poussée</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="49"/>
        <source>Initiate Assault</source>
        <translation>Lancer l&apos;Assaut</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="51"/>
        <source>Initiate Bombing</source>
        <translation>Lancer le Bombardement</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="53"/>
        <source>Interception</source>
        <translation>Interception</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="55"/>
        <source>Damage Control</source>
        <translation>Contrôle des Avaries</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="57"/>
        <source>Engage Point Defense</source>
        <translation>Engager la Défense Ponctuelle</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="59"/>
        <source>Long Range Sensors</source>
        <translation>Senseurs Longue Portée</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="61"/>
        <source>Lay Mines</source>
        <translation>Poser des Mines</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="63"/>
        <source>Purge Airlocks</source>
        <translation>Purger les Sas</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="65"/>
        <source>Reorient</source>
        <translation>Réorientation</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="67"/>
        <source>Silent Running</source>
        <translation>Marche Silencieuse</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="69"/>
        <source>Station Keep</source>
        <translation>Maintien de Position</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="26"/>
        <source>No Action</source>
        <translation>Aucune Action</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="83"/>
        <source>Structure</source>
        <translation>Structure</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="85"/>
        <source>Defense</source>
        <translation>Défense</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="87"/>
        <source>Sensors</source>
        <translation>Senseurs</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="89"/>
        <source>Thrusters</source>
        <translation>Propulseurs</translation>
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
        <translation>Carburant</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="120"/>
        <source>Crippled</source>
        <translation>Désemparé</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="121"/>
        <source>Crip</source>
        <comment>short for Crippled</comment>
        <translation>Dés.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="122"/>
        <source>Captured</source>
        <translation>Capturé</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="123"/>
        <source>Capt</source>
        <comment>short for Captured</comment>
        <translation>Capt.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="124"/>
        <source>Disrupted</source>
        <translation>Perturbé</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="125"/>
        <source>Disr</source>
        <comment>short for Disrupted</comment>
        <translation>Pert.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="126"/>
        <source>Evading</source>
        <translation>En Esquive</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="127"/>
        <source>Evad</source>
        <comment>short for Evading</comment>
        <translation>Esq.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="128"/>
        <source>Station Keeping</source>
        <translation>Maintien de Position</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="129"/>
        <source>Keep</source>
        <comment>short for Station Keeping</comment>
        <translation>Maint.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="130"/>
        <source>Stealthed</source>
        <translation>Furtif</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="131"/>
        <source>Stlth</source>
        <comment>short for Stealthed</comment>
        <translation>Furt.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="132"/>
        <source>Return to Base</source>
        <translation>Retour à la Base</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="133"/>
        <source>RTB</source>
        <comment>short for Return to Base</comment>
        <translation>RàB</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="134"/>
        <source>Assaulting</source>
        <translation>En Assaut</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="135"/>
        <source>Aslt</source>
        <comment>short for Assaulting</comment>
        <translation>Asst.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="136"/>
        <source>Boarded</source>
        <translation>Abordé</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="137"/>
        <source>Brd</source>
        <comment>short for Boarded</comment>
        <translation>Abd.</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="161"/>
        <source>Short</source>
        <translation>Courte</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="163"/>
        <source>Long</source>
        <translation>Longue</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="165"/>
        <source>Out of range</source>
        <translation>Hors de portée</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="188"/>
        <source>%1: %2 → %3 (redundant box)</source>
        <translation>%1 : %2 → %3 (case redondante)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="188"/>
        <location filename="../ui/table/tableterms.cpp" line="204"/>
        <source>%1: %2 → %3</source>
        <translation>%1 : %2 → %3</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="189"/>
        <source>Rating Damage</source>
        <translation>Dégâts d&apos;Indice</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="193"/>
        <source>System Trait Damage</source>
        <translation>Dégâts de Trait de Système</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="194"/>
        <source>%1 (%2 of %3 boxes left)</source>
        <translation>%1 (%2 cases restantes sur %3)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="199"/>
        <location filename="../ui/table/tableterms.cpp" line="201"/>
        <source>Weapon Damage</source>
        <translation>Dégâts d&apos;Arme</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="200"/>
        <source>%1 (%2 of %3 left)</source>
        <translation>%1 (%2 restants sur %3)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="211"/>
        <source>Rolls</source>
        <translation>Jets</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="212"/>
        <source>Attacks</source>
        <translation>Attaques</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="213"/>
        <source>Hits</source>
        <translation>Touches</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="214"/>
        <source>Damage</source>
        <translation>Dégâts</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="215"/>
        <source>Critical Hits</source>
        <translation>Coups Critiques</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="216"/>
        <source>Catastrophic Damage</source>
        <translation>Dégâts Catastrophiques</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="217"/>
        <source>Explosions</source>
        <translation>Explosions</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="218"/>
        <source>Destroyed</source>
        <translation>Détruits</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="219"/>
        <source>Repairs</source>
        <translation>Réparations</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="220"/>
        <source>States</source>
        <translation>États</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="221"/>
        <source>States ended</source>
        <translation>États terminés</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="222"/>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="223"/>
        <source>Boarding</source>
        <translation>Abordage</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="224"/>
        <source>Activations</source>
        <translation>Activations</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="225"/>
        <source>Activations ended</source>
        <translation>Activations terminées</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="226"/>
        <source>Moves</source>
        <translation>Déplacements</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="227"/>
        <source>Withdrawals</source>
        <translation>Retraits</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="228"/>
        <source>Launches</source>
        <translation>Lancements</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="229"/>
        <source>Embarked</source>
        <translation>Embarquées</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="230"/>
        <source>Deployment</source>
        <translation>Déploiement</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="231"/>
        <source>Placed</source>
        <translation>Placements</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="232"/>
        <source>Decisions</source>
        <translation>Décisions</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="233"/>
        <source>Initiative</source>
        <translation>Initiative</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="234"/>
        <source>Turns</source>
        <translation>Tours</translation>
    </message>
    <message>
        <location filename="../ui/table/tableterms.cpp" line="235"/>
        <source>Phases</source>
        <translation>Phases</translation>
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
        <translation>Zoom avant / arrière</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="148"/>
        <source>Fit the table in the view</source>
        <translation>Afficher toute la table</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="149"/>
        <source>Arrow keys</source>
        <translation>Flèches</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="149"/>
        <source>Scroll the table</source>
        <translation>Faire défiler la table</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="150"/>
        <source>Q / E</source>
        <translation>Q / E</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="150"/>
        <source>Turn the planned move 15° left / right</source>
        <translation>Tourner le déplacement prévu de 15° à gauche / droite</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="151"/>
        <source>Shift+Q / Shift+E</source>
        <translation>Maj+Q / Maj+E</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="151"/>
        <source>Turn the planned move 45° left / right</source>
        <translation>Tourner le déplacement prévu de 45° à gauche / droite</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="152"/>
        <source>N / P</source>
        <translation>N / P</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="153"/>
        <source>Put the keyboard&apos;s ring on the next / previous model (first those you may act with or on now)</source>
        <translation>Placer l&apos;anneau du clavier sur la figurine suivante / précédente (d&apos;abord celles avec lesquelles ou sur lesquelles vous pouvez agir maintenant)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="155"/>
        <source>Space / Enter</source>
        <translation>Espace / Entrée</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="156"/>
        <source>Pick the model in the ring, as a click on it does (with the attack preview open, Enter rolls)</source>
        <translation>Choisir la figurine dans l&apos;anneau, comme un clic dessus (aperçu d&apos;attaque ouvert, Entrée lance les dés)</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="158"/>
        <source>Shift+Space</source>
        <translation>Maj+Espace</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="158"/>
        <source>Measure from or to the model in the ring, as a shift-click</source>
        <translation>Mesurer depuis ou vers la figurine dans l&apos;anneau, comme un Maj-clic</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="159"/>
        <source>Esc</source>
        <translation>Échap</translation>
    </message>
    <message>
        <location filename="../ui/table/tableview.cpp" line="160"/>
        <source>Cancel the planned move, the target to pick or the measurement, and take the ring off</source>
        <translation>Annuler le déplacement prévu, la cible à choisir ou la mesure, et retirer l&apos;anneau</translation>
    </message>
</context>
<context>
    <name>jw::TrackGameDialog</name>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="15"/>
        <source>Track a Game on a Physical Table</source>
        <translation>Suivre une partie sur une vraie table</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="19"/>
        <source>Rolled on the table and typed in</source>
        <translation>Lancés sur la table et saisis</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="20"/>
        <source>Rolled by the app</source>
        <translation>Lancés par l&apos;appli</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="21"/>
        <source>Typed in: each roll waits for the faces rolled on the table (or “Roll for me”). Rolled by the app: from the seed below.</source>
        <translation>Saisis : chaque jet attend les faces obtenues sur la table (ou « Lancer pour moi »). Lancés par l&apos;appli : à partir de la graine ci-dessous.</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="23"/>
        <source>Dice:</source>
        <translation>Dés :</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="32"/>
        <source>Not tracked on a physical table yet: %1 (their markers, zones or pieces are placed by the engine).</source>
        <translation>Pas encore suivis sur une vraie table : %1 (leurs marqueurs, zones ou éléments sont placés par le moteur).</translation>
    </message>
    <message>
        <location filename="../ui/companion/trackgamedialog.cpp" line="39"/>
        <source>Start Tracking</source>
        <translation>Commencer le suivi</translation>
    </message>
</context>
<context>
    <name>jw::UnitBrowser</name>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="36"/>
        <source>Search units</source>
        <translation>Rechercher des unités</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="37"/>
        <source>Search names, weapons, traits, rules text…</source>
        <translation>Rechercher noms, armes, traits, texte des règles…</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="38"/>
        <source>Every word must appear somewhere in the unit: its name, class, weapons, traits or their rules (&quot;laser hangers&quot;)</source>
        <translation>Chaque mot doit apparaître quelque part dans l&apos;unité : son nom, sa classe, ses armes, ses traits ou leurs règles (&quot;laser hangers&quot;)</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="44"/>
        <source>Show the units of one faction</source>
        <translation>Afficher les unités d&apos;une faction</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="48"/>
        <source>Show one type of unit</source>
        <translation>Afficher un type d&apos;unité</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="49"/>
        <source>All types</source>
        <translation>Tous les types</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="50"/>
        <source>Capital Ships</source>
        <translation>Vaisseaux Capitaux</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="51"/>
        <source>Squadrons</source>
        <translation>Escadrilles</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="52"/>
        <source>Exo-Armor</source>
        <translation>Exo-Armure</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="53"/>
        <source>Fighters</source>
        <translation>Chasseurs</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="57"/>
        <source>Units</source>
        <translation>Unités</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="75"/>
        <source>No unit matches the filters.</source>
        <translation>Aucune unité ne correspond aux filtres.</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="82"/>
        <source>* provisional: values that are jwfleet&apos;s estimate, not published in the rules or on a printed card</source>
        <translation>* provisoire : valeurs estimées par jwfleet, non publiées dans les règles ni sur une carte imprimée</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="87"/>
        <source>The unit&apos;s Details say which values; enter a printed card&apos;s values to replace them.</source>
        <translation>Les Détails de l&apos;unité indiquent lesquelles ; saisissez les valeurs d&apos;une carte imprimée pour les remplacer.</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="91"/>
        <location filename="../ui/unitbrowser.cpp" line="283"/>
        <source>Compare</source>
        <translation>Comparer</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="93"/>
        <source>Select two or three units (Ctrl+click) to see them side by side</source>
        <translation>Sélectionnez deux ou trois unités (Ctrl+clic) pour les voir côte à côte</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="94"/>
        <source>Add to Fleet</source>
        <translation>Ajouter à la flotte</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="96"/>
        <source>Add the selected units to the fleet open in the Fleet Builder (undo it there)</source>
        <translation>Ajouter les unités sélectionnées à la flotte ouverte dans le Constructeur de flotte (annulable là-bas)</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="98"/>
        <source>Enter Printed Card Values…</source>
        <translation>Saisir les valeurs de carte imprimée…</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="100"/>
        <source>Replace the selected unit&apos;s values with those printed on your card (Edit › Undo takes it back)</source>
        <translation>Remplacer les valeurs de l&apos;unité sélectionnée par celles imprimées sur votre carte (Édition › Annuler pour revenir en arrière)</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="115"/>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="120"/>
        <source>Card</source>
        <translation>Carte</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="200"/>
        <source>All factions</source>
        <translation>Toutes les factions</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/unitbrowser.cpp" line="283"/>
        <source>Compare %n Units</source>
        <translation>
            <numerusform>Comparer %n unité</numerusform>
            <numerusform>Comparer %n unités</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="319"/>
        <source>%1 units</source>
        <translation>%1 unités</translation>
    </message>
    <message>
        <location filename="../ui/unitbrowser.cpp" line="320"/>
        <source>%1 of %2 units</source>
        <translation>%1 unités sur %2</translation>
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
        <translation>Comparaison : %1</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="87"/>
        <source>Highlighted rows: the units differ there. * provisional: values that are jwfleet&apos;s estimate, not published.</source>
        <translation>Lignes en surbrillance : les unités y diffèrent. * provisoire : valeurs estimées par jwfleet, non publiées.</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="130"/>
        <source>Faction</source>
        <translation>Faction</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="134"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="139"/>
        <source>Threat Value</source>
        <translation>Valeur de Menace</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="141"/>
        <source>Unit Cap</source>
        <translation>Limite d&apos;Unités</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="146"/>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="148"/>
        <source>Turns</source>
        <translation>Virages</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="153"/>
        <source>Fire Control</source>
        <translation>Conduite de Tir</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="155"/>
        <source>Skill</source>
        <translation>Compétence</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="157"/>
        <source>Armor</source>
        <translation>Blindage</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="158"/>
        <location filename="../ui/unitcomparedialog.cpp" line="167"/>
        <source>Fore %1 · Sides %2 · Aft %3</source>
        <translation>Avant %1 · Flancs %2 · Arrière %3</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="175"/>
        <source>Structure</source>
        <translation>Structure</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="177"/>
        <source>Defense</source>
        <translation>Défense</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="179"/>
        <source>Sensors</source>
        <translation>Senseurs</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="181"/>
        <source>Thrusters</source>
        <translation>Propulseurs</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="183"/>
        <source>Marines</source>
        <translation>Marines</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="185"/>
        <source>Fuel</source>
        <translation>Carburant</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="187"/>
        <source>TV per Structure box</source>
        <translation>VM par case de Structure</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="193"/>
        <source>Base</source>
        <translation>Socle</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="195"/>
        <source>Rules version</source>
        <translation>Version des règles</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="196"/>
        <source>Values</source>
        <translation>Valeurs</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="197"/>
        <source>* provisional (jwfleet&apos;s estimate)</source>
        <translation>* provisoire (estimation de jwfleet)</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="198"/>
        <source>published</source>
        <translation>publiées</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="213"/>
        <source>Weapons</source>
        <translation>Armes</translation>
    </message>
    <message>
        <location filename="../ui/unitcomparedialog.cpp" line="225"/>
        <source>Traits</source>
        <translation>Traits</translation>
    </message>
</context>
<context>
    <name>jw::UnitDetailView</name>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="63"/>
        <source>Unit details</source>
        <translation>Détails de l&apos;unité</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="74"/>
        <source>Select a unit to see its ratings, weapons and traits.</source>
        <translation>Sélectionnez une unité pour voir ses indices, ses armes et ses traits.</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="101"/>
        <source>Provisional.</source>
        <translation>Provisoire.</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="102"/>
        <source>Some values are ours, not the printed card&apos;s: %1</source>
        <translation>Certaines valeurs sont les nôtres, pas celles de la carte imprimée : %1</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="117"/>
        <source>your card</source>
        <translation>votre carte</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="133"/>
        <source>card</source>
        <translation>carte</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="133"/>
        <source>card %1</source>
        <translation>carte %1</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="134"/>
        <source>rules</source>
        <translation>règles</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="147"/>
        <source>✎ Values you entered from a printed card (Enter Printed Card Values… changes or reverts them).</source>
        <translation>✎ Valeurs saisies depuis une carte imprimée (Saisir les valeurs de carte imprimée… pour les modifier ou les restaurer).</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="149"/>
        <source>✎ Values you entered from a printed card: %1 (Enter Printed Card Values… changes or reverts them).</source>
        <translation>✎ Valeurs saisies depuis une carte imprimée : %1 (Saisir les valeurs de carte imprimée… pour les modifier ou les restaurer).</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="155"/>
        <source>Ratings</source>
        <translation>Indices</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="158"/>
        <source>Threat Value</source>
        <translation>Valeur de Menace</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="162"/>
        <source>Unit Cap</source>
        <translation>Limite d&apos;Unités</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="164"/>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="166"/>
        <source>Turns</source>
        <translation>Virages</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="167"/>
        <source>Fire Control</source>
        <translation>Conduite de Tir</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="168"/>
        <source>Skill</source>
        <translation>Compétence</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="170"/>
        <source>Armor</source>
        <translation>Blindage</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="171"/>
        <source>Fore %1 · Port/Starboard %2 · Aft %3</source>
        <translation>Avant %1 · Bâbord/Tribord %2 · Arrière %3</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="175"/>
        <source>Structure</source>
        <translation>Structure</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="176"/>
        <source>Defense (1–2)</source>
        <translation>Défense (1–2)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="176"/>
        <source>Defense</source>
        <translation>Défense</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="178"/>
        <source>Sensors (3–4)</source>
        <translation>Senseurs (3–4)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="178"/>
        <source>Sensors</source>
        <translation>Senseurs</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="181"/>
        <source>Thrusters (5–6)</source>
        <translation>Propulseurs (5–6)</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="182"/>
        <source>Marines</source>
        <translation>Marines</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="184"/>
        <source>Fuel</source>
        <translation>Carburant</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="186"/>
        <source>Base</source>
        <translation>Socle</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="187"/>
        <source>Rules version</source>
        <translation>Version des règles</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="191"/>
        <source>* jwfleet&apos;s estimate, not published: check it against the printed card. </source>
        <translation>* estimation de jwfleet, non publiée : vérifiez-la sur la carte imprimée. </translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="194"/>
        <source>Underlined boxes are redundant: the rating falls only when all of them are marked.</source>
        <translation>Les cases soulignées sont redondantes : l&apos;indice ne baisse que lorsqu&apos;elles sont toutes cochées.</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="197"/>
        <source>Weapons</source>
        <translation>Armes</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="199"/>
        <location filename="../ui/unitdetailview.cpp" line="233"/>
        <source>&lt;p&gt;None.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aucune.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="205"/>
        <source>Weapon</source>
        <translation>Arme</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="205"/>
        <source>Class</source>
        <translation>Classe</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="207"/>
        <source>Arc</source>
        <translation>Arc</translation>
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
        <translation>Traits</translation>
    </message>
    <message>
        <location filename="../ui/unitdetailview.cpp" line="253"/>
        <source>Weapon traits</source>
        <translation>Traits d&apos;arme</translation>
    </message>
</context>
<context>
    <name>jw::UnitListModel</name>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="148"/>
        <source>Armor: Fore %1 · Port/Starboard %2 · Aft %3</source>
        <translation>Blindage : Avant %1 · Bâbord/Tribord %2 · Arrière %3</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="153"/>
        <source>%1 TV for %2 Structure boxes</source>
        <translation>%1 VM pour %2 cases de Structure</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="155"/>
        <source>%1: provisional values (%2)</source>
        <translation>%1 : valeurs provisoires (%2)</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="156"/>
        <source>%1: values from %2</source>
        <translation>%1 : valeurs issues de %2</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="189"/>
        <source>Threat Value: the points the unit costs</source>
        <translation>Valeur de Menace : le coût de l&apos;unité en points</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="191"/>
        <source>Unit Cap: copies allowed per block of the points limit</source>
        <translation>Limite d&apos;Unités : exemplaires autorisés par tranche de la limite de points</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="193"/>
        <source>Armor of a Capital Ship: Fore/Port and Starboard/Aft</source>
        <translation>Blindage d&apos;un Vaisseau Capital : Avant/Bâbord et Tribord/Arrière</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="195"/>
        <source>Sensors rating (undamaged)</source>
        <translation>Indice de Senseurs (sans dégâts)</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="197"/>
        <source>Threat Value per box of Structure: what each hit the unit can take costs</source>
        <translation>Valeur de Menace par case de Structure : ce que coûte chaque touche que l&apos;unité peut encaisser</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="205"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="207"/>
        <source>Faction</source>
        <translation>Faction</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="209"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="211"/>
        <source>TV</source>
        <translation>VM</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="213"/>
        <source>UC</source>
        <translation>LU</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="215"/>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="217"/>
        <source>Armor</source>
        <translation>Blindage</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="219"/>
        <source>Sensors</source>
        <translation>Senseurs</translation>
    </message>
    <message>
        <location filename="../ui/unitlistmodel.cpp" line="221"/>
        <source>TV/Str.</source>
        <translation>VM/Str.</translation>
    </message>
</context>
<context>
    <name>jw::UnitType</name>
    <message>
        <location filename="../ui/unittypetext.cpp" line="12"/>
        <source>Capital Ship</source>
        <translation>Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../ui/unittypetext.cpp" line="14"/>
        <source>Exo-Armor</source>
        <translation>Exo-Armure</translation>
    </message>
    <message>
        <location filename="../ui/unittypetext.cpp" line="16"/>
        <source>Fighter</source>
        <translation>Chasseur</translation>
    </message>
</context>
<context>
    <name>jw::ValidationPanel</name>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="88"/>
        <source>%1 of %2 points</source>
        <translation>%1 sur %2 points</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="91"/>
        <source>✔ Legal fleet · %1</source>
        <translation>✔ Flotte conforme · %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="92"/>
        <source>✔ Legal fleet · %1 · %2 warning(s)</source>
        <translation>✔ Flotte conforme · %1 · %2 avertissement(s)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="95"/>
        <source>%1 error(s)</source>
        <translation>%1 erreur(s)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="96"/>
        <source>%1 error(s), %2 warning(s)</source>
        <translation>%1 erreur(s), %2 avertissement(s)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="97"/>
        <source>✘ Not legal · %1 · %2</source>
        <translation>✘ Non conforme · %1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="101"/>
        <source> · on jwfleet&apos;s estimated values</source>
        <translation> · sur des valeurs estimées par jwfleet</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="102"/>
        <source>Some Threat Values or Unit Caps this verdict uses are jwfleet&apos;s estimate, not published in the rules or on a printed card (the units marked *).</source>
        <translation>Certaines Valeurs de Menace ou Limites d&apos;Unités utilisées pour ce verdict sont des estimations de jwfleet, non publiées dans les règles ni sur une carte imprimée (les unités marquées *).</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="119"/>
        <source>check these values against the printed cards (a unit&apos;s Details on the Unit Database tab mark each value; Enter Printed Card Values… replaces them)</source>
        <translation>vérifiez ces valeurs sur les cartes imprimées (les Détails d&apos;une unité, dans l&apos;onglet Base d&apos;unités, marquent chaque valeur ; Saisir les valeurs de carte imprimée… les remplace)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="122"/>
        <source>check these values against the printed cards (Enter Printed Card Values… on the Unit Database tab changes them or reverts them to jwfleet&apos;s)</source>
        <translation>vérifiez ces valeurs sur les cartes imprimées (Saisir les valeurs de carte imprimée…, dans l&apos;onglet Base d&apos;unités, les modifie ou rétablit celles de jwfleet)</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="126"/>
        <source>Fix: %1</source>
        <translation>Correction : %1</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="137"/>
        <source>No problems: every fleet rule of %1 holds.</source>
        <translation>Aucun problème : toutes les règles de flotte de %1 sont respectées.</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="21"/>
        <source>Rule…</source>
        <translation>Règle…</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="29"/>
        <source>Fleet problems</source>
        <translation>Problèmes de la flotte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/validationpanel.cpp" line="43"/>
        <source>Open the selected problem&apos;s rule in Help › Rules Reference</source>
        <translation>Ouvrir la règle du problème sélectionné dans Aide › Référence des règles</translation>
    </message>
</context>
<context>
    <name>jw::WeaponOddsView</name>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="24"/>
        <source>Armor of the capital ship&apos;s arc that is hit: its value is taken from the Macro Pool</source>
        <translation>Blindage de l&apos;arc touché du Vaisseau Capital : sa valeur est retirée de la Réserve Macro</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="27"/>
        <source>&lt;b&gt;Expected damage per attack&lt;/b&gt;</source>
        <translation>&lt;b&gt;Dégâts attendus par attaque&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="30"/>
        <source>Target armor:</source>
        <translation>Blindage de la cible :</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="36"/>
        <source>Expected damage per attack</source>
        <translation>Dégâts attendus par attaque</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="50"/>
        <source>All damage boxes marked against a capital ship (Structure, ratings, critical hits); Structure lost by a squadron, and its chance of being destroyed. Hover a cell for the pool and the details.</source>
        <translation>Toutes les cases de dégâts cochées contre un Vaisseau Capital (Structure, indices, coups critiques) ; la Structure perdue par une Escadrille, et sa probabilité d&apos;être détruite. Survolez une cellule pour voir la réserve et les détails.</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="99"/>
        <source>vs Capital Ship</source>
        <translation>contre Vaisseau Capital</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="100"/>
        <source>vs Squadron</source>
        <translation>contre Escadrille</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="103"/>
        <source>Weapon</source>
        <translation>Arme</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="105"/>
        <source>short</source>
        <translation>courte</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="106"/>
        <source>long</source>
        <translation>longue</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="124"/>
        <source>No dice against this target</source>
        <translation>Aucun dé contre cette cible</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="127"/>
        <source>Pool %1 · success %2%</source>
        <translation>Réserve %1 · succès %2%</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="131"/>
        <source>
Structure %1 · rating damage %2 · critical hits %3</source>
        <translation>
Structure %1 · dégâts d&apos;indice %2 · coups critiques %3</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="137"/>
        <source>
&lt;1% kill</source>
        <translation>
&lt;1% de destruction</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="138"/>
        <source>
+%1% kill</source>
        <translation>
+%1% de destruction</translation>
    </message>
    <message>
        <location filename="../ui/fleetbuilder/weaponoddsview.cpp" line="139"/>
        <source>
Structure %1 · destroyed by a [Q+]: %2%</source>
        <translation>
Structure %1 · détruite par un [Q+] : %2%</translation>
    </message>
</context>
</TS>
