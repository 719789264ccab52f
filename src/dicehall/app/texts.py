"""Texts of the application shell, in French and English."""

from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "hall": ("dicehall", "dicehall"),
        "tagline": (
            "Cinq jeux de dés français, à jouer seul contre l'ordinateur ou à plusieurs.",
            "Five French dice games, to play alone against the computer or together.",
        ),
        "play": ("Jouer", "Play"),
        "resume": ("Reprendre la partie", "Resume the game"),
        "resume_of": ("Reprendre la partie de {game} (tour {turn})", "Resume the {game} game (turn {turn})"),
        "resume_of_round": ("Reprendre la partie de {game} (manche {round})", "Resume the {game} game (round {round})"),
        "coming_soon": ("Bientôt", "Coming soon"),
        "players_range": ("{lo} à {hi} joueurs", "{lo} to {hi} players"),
        "players_fixed": ("{n} joueurs", "{n} players"),
        "new_game": ("Nouvelle partie", "New game"),
        "setup_title": ("Nouvelle partie de {game}", "New {game} game"),
        "players": ("Joueurs", "Players"),
        "seat": ("Joueur {n}", "Player {n}"),
        "left": ("Gauche", "Left"),
        "right": ("Droite", "Right"),
        "name": ("Nom", "Name"),
        "kind": ("Joué par", "Played by"),
        "human": ("Humain", "Human"),
        "computer": ("Ordinateur", "Computer"),
        "level": ("Niveau", "Level"),  # the levels' own labels are each game's (its spec's levels)
        "colour": ("Couleur", "Colour"),
        "colour_taken": (
            "Deux joueurs ne peuvent pas avoir la même couleur.",
            "Two players cannot have the same colour.",
        ),
        "add_player": ("Ajouter un joueur", "Add a player"),
        "remove_player": ("Retirer {name}", "Remove {name}"),
        "seat_count": ("Ce jeu se joue de {lo} à {hi} joueurs.", "This game is for {lo} to {hi} players."),
        "players_count": ("{n} joueurs ({lo} à {hi})", "{n} players ({lo} to {hi})"),
        "options": ("Options", "Options"),
        "start": ("Commencer", "Start"),
        "cancel": ("Annuler", "Cancel"),
        "close": ("Fermer", "Close"),
        "menu": ("Menu", "Menu"),
        "undo": ("Annuler le coup", "Undo move"),
        "redo": ("Rejouer le coup", "Redo move"),
        "rules": ("Règles", "Rules"),
        "display": ("Affichage", "Display"),
        "statistics": ("Palmarès", "Win record"),  # every game ever finished, not the game's own statistics
        "menu_game": ("Partie", "Game"),
        "menu_views": ("Vues", "Views"),
        "menu_stats": ("Statistiques", "Statistics"),
        "menu_options": ("Options et aide", "Options and help"),
        "about": ("À propos…", "About…"),
        "about_title": ("À propos de dicehall", "About dicehall"),
        "about_version": ("Version {version}", "Version {version}"),
        "about_body": (
            "Cinq jeux de dés français dans le navigateur : les règles, les joueurs de l'ordinateur "
            "et l'interface sont en Python, exécuté sur votre appareil. Logiciel libre (MIT).",
            "Five French dice games in the browser: the rules, the computer players and the "
            "interface are Python, run on your device. Free software (MIT).",
        ),
        "about_keys": (
            "F1 : règles · Maj+F1 : à propos · K : jusqu'à mon tour · Échap : fermer",
            "F1: rules · Shift+F1: about · K: to my turn · Esc: close",
        ),
        "board_of": ("Le plateau de {game}", "The board of {game}"),
        "rules_of": ("Règles de {game}", "Rules of {game}"),
        "in_progress": ("Partie en cours", "Game in progress"),
        "back_to_hub": ("Retour aux jeux", "Back to the games"),
        "language": ("Langue", "Language"),
        "speed": ("Vitesse", "Speed"),
        "speed_fast": ("Rapide", "Fast"),
        "speed_normal": ("Moyenne", "Medium"),
        "speed_slow": ("Lente", "Slow"),
        "speed_instant": ("Instantanée", "Instant"),
        "speed_item": ("Vitesse : {speed}", "Speed: {speed}"),
        "speed_button": ("Vitesse : {speed} (changer)", "Speed: {speed} (change)"),
        "skip": ("Jusqu'à mon tour", "To my turn"),
        "skip_key": ("Jusqu'à mon tour (K)", "To my turn (K)"),
        "finish": ("Finir la partie", "Finish the game"),
        "finish_key": ("Finir la partie (K)", "Finish the game (K)"),
        "skipping": ("Tours de l'ordinateur joués sans animation…", "Computer turns played with no animation…"),
        "finishing": ("La partie est jouée jusqu'au bout…", "The game is played to its end…"),
        "skipped_to_turn": ("Tours de l'ordinateur passés : à vous de jouer.", "Computer turns skipped: your turn."),
        "skipped_to_end": (
            "Tours de l'ordinateur passés : la partie est finie.",
            "Computer turns skipped: the game is over.",
        ),
        "skipped_no_human": (
            "Tours de l'ordinateur passés : plus aucun humain ne joue, la partie peut être finie.",
            "Computer turns skipped: no human plays any more, the game can be finished.",
        ),
        "finished_now": ("Partie jouée jusqu'au bout.", "Game played to its end."),
        "skip_nothing": ("C'est à vous de jouer : rien à passer.", "It is your turn: nothing to skip."),
        "playable_cells": ("Cases jouables", "Playable cells"),
        "capture_scores": ("Scores des captures", "Capture scores"),
        "capture_scores_help": ("Nécessite « Cases jouables ».", "Needs “Playable cells”."),
        "stats_title": ("Palmarès", "Win record"),
        "game": ("Jeu", "Game"),
        "played": ("Jouées", "Played"),
        "won": ("Gagnées", "Won"),
        "lost": ("Perdues", "Lost"),
        "tied": ("Nulles", "Tied"),
        "stats_note": (
            "Parties contre l'ordinateur comptées du côté du joueur humain ; "
            "les parties entre humains comptent comme jouées.",
            "Games against the computer are counted for the human player; games between humans count as played.",
        ),
        "no_stats": ("Aucune partie terminée pour l'instant.", "No finished game yet."),
        "storage_disabled": (
            "Le stockage du navigateur est désactivé : vos parties et réglages ne seront pas "
            "conservés après la fermeture de la page.",
            "Browser storage is disabled: your games and settings will not be kept after the page closes.",
        ),
        "storage_full": (
            "Le stockage du navigateur est plein : la partie en cours n'est plus enregistrée. "
            "Libérez de la place puis continuez ; rien n'a été effacé.",
            "Browser storage is full: the game in progress is no longer being saved. "
            "Free some space and go on; nothing was deleted.",
        ),
        "unreadable_moved": (
            "Des données enregistrées n'ont pas pu être lues ({detail}). Elles sont "
            "conservées à part sous la clé « {where} » et n'ont pas été effacées.",
            "Some saved data could not be read ({detail}). It is kept aside under the key "
            "“{where}” and was not deleted.",
        ),
        "unreadable_kept": (
            "Des données enregistrées sous « {where} » n'ont pas pu être lues ({detail}) ni "
            "mises à part (stockage plein) : elles restent en place et ne seront pas écrasées.",
            "Data saved under “{where}” could not be read ({detail}) nor set aside (storage "
            "full): it stays where it is and will not be overwritten.",
        ),
        "repaired_moved": (
            "Des réglages ou statistiques enregistrés avaient des valeurs invalides ({detail}) : "
            "elles reprennent leur valeur par défaut. Le document d'origine est conservé sous "
            "la clé « {where} ».",
            "Some saved settings or statistics had invalid values ({detail}): they are back to "
            "their defaults. The original document is kept under the key “{where}”.",
        ),
        "repaired_kept": (
            "Des valeurs enregistrées sous « {where} » sont invalides ({detail}) et n'ont pas pu "
            "être mises à part (stockage plein) : leurs valeurs par défaut s'appliquent, et le "
            "document ne sera pas écrasé.",
            "Values saved under “{where}” are invalid ({detail}) and could not be set aside "
            "(storage full): their defaults apply, and the document will not be overwritten.",
        ),
        "previous_not_kept": (
            "La partie remplacée n'a pas pu être mise de côté (stockage plein) : elle reste "
            "enregistrée, et la nouvelle partie ne le sera pas tant que de la place n'est "
            "pas libérée.",
            "The replaced game could not be put aside (storage full): it stays saved, and "
            "the new game will not be saved until space is freed.",
        ),
        "game_failed": (
            "Erreur interne : cette partie ne peut pas continuer ({detail}). Elle reste enregistrée telle "
            "qu'elle était avant l'erreur ; le menu permet d'en commencer une autre.",
            "Internal error: this game cannot go on ({detail}). It stays saved as it was before the "
            "error; the menu starts another one.",
        ),
        "changed_elsewhere": (
            "La partie enregistrée a été modifiée dans un autre onglet. Celle de cet onglet "
            "est gardée comme partie précédente (menu « Partie précédente »).",
            "The saved game was changed in another tab. This tab's game is kept as the "
            "previous game (menu “Previous game”).",
        ),
        "previous_game": ("Partie précédente", "Previous game"),
        "previous_game_of": ("Partie précédente : {game}", "Previous game: {game}"),
        "previous_none": ("Aucune partie précédente à reprendre.", "No previous game to bring back."),
        "other_tab_title": ("dicehall est ouvert dans un autre onglet", "dicehall is open in another tab"),
        "other_tab_body": (
            "Vos parties sont en cours dans un autre onglet ou une autre fenêtre. Pour ne rien "
            "perdre, un seul onglet joue à la fois. Vous pouvez continuer ici : l'autre onglet "
            "s'arrêtera et la partie enregistrée s'ouvrira ici.",
            "Your games are in play in another tab or window. So that nothing is lost, one "
            "tab plays at a time. You can continue here: the other tab will stop and the "
            "saved game will open here.",
        ),
        "other_tab_lost": ("dicehall continue dans un autre onglet", "dicehall continues in another tab"),
        "other_tab_lost_body": (
            "Un autre onglet a pris la main. Tout est enregistré : revenez ici quand vous "
            "voulez, la partie reprendra là où l'autre onglet l'a laissée.",
            "Another tab took over. Everything is saved: come back here whenever you "
            "like, and the game will resume where the other tab left it.",
        ),
        "play_here": ("Jouer ici", "Play here"),
        "load_refused": ("Partie refusée : {detail}", "Game refused: {detail}"),
        "update_ready": (
            "Une nouvelle version est prête. Votre partie est enregistrée : rechargez quand vous voulez.",
            "A new version is ready. Your game is saved: reload whenever you like.",
        ),
        "reload": ("Recharger", "Reload"),
        "dismiss": ("OK", "OK"),
        "game_over": ("Partie terminée", "Game over"),
        "confirm_new": (
            "La partie en cours sera remplacée. Continuer ?",
            "The game in progress will be replaced. Go on?",
        ),
        "confirm_abandon": (
            "Abandonner la partie en cours ? Le menu « Partie précédente » pourra encore la reprendre.",
            "Abandon the game in progress? The “Previous game” menu entry can still bring it back.",
        ),
        "confirm_demo": (
            "La partie en cours sera remplacée par une démonstration. Continuer ?",
            "The game in progress will be replaced by a demonstration. Go on?",
        ),
        "pause": ("Pause", "Pause"),
        "resume_play": ("Reprendre", "Resume"),
        "paused": ("En pause", "Paused"),
        "abandon": ("Abandonner…", "Abandon…"),
        "demo": ("Démonstration", "Demonstration"),
        "yes": ("Oui", "Yes"),
        "no": ("Non", "No"),
        "error_title": ("Une erreur est survenue", "Something went wrong"),
        "offline_ready": ("Disponible hors ligne", "Available offline"),
        # --- save files (menu: download, open; a file dropped on the page) -------------------------
        "download_game": ("Télécharger cette partie (.json)", "Download this game (.json)"),
        "open_file": ("Ouvrir un fichier de partie…", "Open a save file…"),
        "end_result": ("Résultat de la partie", "Result of the game"),
        "file_opened": (
            "Partie ouverte : {name}. La partie remplacée reste dans « Partie précédente ».",
            "Game opened: {name}. The game it replaced is kept in “Previous game”.",
        ),
        "file_too_large": (
            "« {where} » est trop grand pour une partie de dicehall (au plus 4 000 000 caractères et "
            "32 niveaux d'imbrication) : rien n'a changé.",
            "“{where}” is too large for a dicehall save (at most 4,000,000 characters and 32 levels of "
            "nesting): nothing was changed.",
        ),
        "file_not_json": (
            "« {where} » n'est pas une partie de dicehall (ce n'est pas du JSON) : rien n'a changé.",
            "“{where}” is not a dicehall save (it is not JSON): nothing was changed.",
        ),
        "file_not_utf8": (
            "« {where} » n'est pas une partie de dicehall (ce n'est pas du texte UTF-8) : rien n'a changé.",
            "“{where}” is not a dicehall save (it is not UTF-8 text): nothing was changed.",
        ),
        "file_not_ours": (
            "« {where} » n'est pas une partie de dicehall (fichier d'un autre programme) : rien n'a changé.",
            "“{where}” is not a dicehall save (another program's file): nothing was changed.",
        ),
        "file_edited": (
            "« {where} » a été modifié : son coup n° {detail} est refusé par les règles ; rien n'a changé.",
            "“{where}” was edited: its entry {detail} is refused by the rules; nothing was changed.",
        ),
        "file_newer": (
            "« {where} » vient d'une version plus récente de dicehall (rechargez la page pour l'ouvrir) : "
            "rien n'a changé.",
            "“{where}” comes from a newer version of dicehall (reload the page to open it): nothing was changed.",
        ),
        "file_refused": (
            "« {where} » ne peut pas être ouvert ({detail}) : rien n'a changé.",
            "“{where}” cannot be opened ({detail}): nothing was changed.",
        ),
        "challenge_counted_done": (
            "Le défi du {detail} est déjà compté : cette partie est un entraînement et ne changera pas "
            "votre historique.",
            "The challenge of {detail} already counts: this game is practice and will not change your history.",
        ),
        # --- links (app/links.py, app/link_games.py) ------------------------------------------------------
        "remote_human": ("Humain, autre appareil (par lien)", "Human on another device (by link)"),
        "link_refused": (
            "Ce lien ne contient pas de partie lisible ({detail}) : rien n'a changé.",
            "This link holds no readable game ({detail}): nothing was changed.",
        ),
        "link_older": (
            "Ce lien est plus ancien que la partie de cet appareil (il s'arrête au coup {detail}) : rien n'a changé.",
            "This link is older than the game on this device (it stops at entry {detail}): nothing was changed.",
        ),
        "link_rewrites": (
            "Ce lien réécrit l'histoire de la partie (le coup {detail} diffère de celui joué ici) : "
            "refusé, rien n'a changé.",
            "This link rewrites the game's history (entry {detail} differs "
            "from the one played here): refused, nothing was changed.",
        ),
        "link_fork_kept_done": (
            "La version du lien est enregistrée dans un fichier ; la partie de cet appareil continue.",
            "The link's version is saved to a file; this device's game goes on.",
        ),
        "link_fork_taken_done": (
            "La version de cet appareil est enregistrée dans un fichier ; la partie du lien continue.",
            "This device's version is saved to a file; the link's game goes on.",
        ),
        "confirm_link": (
            "Ce lien ouvre une autre partie. La partie en cours sera remplacée (elle reste dans "
            "« Partie précédente »). Continuer ?",
            "This link opens another game. The game in progress "
            "will be replaced (it stays in “Previous game”). Continue?",
        ),
        "confirm_link_linked": (
            "Ce lien ouvre une autre partie. La partie par lien en cours sera remplacée (elle reste dans "
            "« Parties par lien en cours », à l'accueil). Continuer ?",
            "This link opens another game. The game by link in progress "
            "will be replaced (it stays in “Games by link in progress”, on the home screen). Continue?",
        ),
        "link_received": (
            "Partie reçue par lien : {n} coups nouveaux, surlignés dans le journal.",
            "Game received by link: {n} new entries, highlighted in the move log.",
        ),
        "link_copied_done": ("Lien copié : collez-le où vous voulez.", "Link copied: paste it anywhere."),
        # --- the toolbar's controls folded into the menu on a narrow screen (screens.toolbar) ------
        "lang_other": ("Afficher en anglais (EN)", "Show in French (FR)"),  # the other language
        "sound_off_item": ("Couper le son", "Mute sounds"),
        "sound_on_item": ("Remettre le son", "Turn sounds on"),
        "log_item": ("Journal des coups", "Move log"),
        # --- the pause card (screens.pause_card) ---------------------------------------------------
        "paused_note": ("Rien ne bouge tant que la partie est en pause.", "Nothing moves while the game is paused."),
        # --- a screen too small for the game's board (screens.too_small) ----------------------------
        "small_title": ("Écran trop petit pour {game}", "This screen is too small for {game}"),
        "small_body": (
            "Son plateau y serait trop petit pour jouer.",
            "Its board would be too small to play here.",
        ),
        "small_rotate": (
            "Tournez votre appareil : le plateau y tient dans l'autre sens.",
            "Turn your device: the board fits the other way round.",
        ),
        "small_zoom": (
            "Agrandissez la fenêtre ou dézoomez la page (Ctrl et −), ou jouez sur un écran plus grand.",
            "Enlarge the window or zoom the page out (Ctrl and −), or play on a larger screen.",
        ),
        "small_zoom_touch": (
            "Son plateau demande un écran plus grand : une tablette ou un ordinateur.",
            "Its board wants a larger screen: a tablet or a computer.",
        ),
        "small_turn": ("Plein écran, tourné", "Full screen, turned"),
        "small_full": ("Plein écran", "Full screen"),
        "small_anyway": ("Afficher quand même", "Show it anyway"),
    }
)
