/// The messages of `outpost account …`.
extension Catalog {
  static let accountEntries: [MessageKey: [Language: String]] = [
    .accountSecretPrompt: [
      .en: "{0} for {1} at {2}: ", .de: "{0} für {1} bei {2}: ", .fr: "{0} pour {1} sur {2} : ",
      .it: "{0} per {1} su {2}: ",
    ],
    .accountNoSecretInput: [
      .en: "no {0} given: run this in a terminal to be asked for it, or pipe it in with --password-stdin",
      .de:
        "kein {0} angegeben: im Terminal ausführen, um danach gefragt zu werden, oder mit --password-stdin übergeben",
      .fr: "aucun {0} fourni : lancez la commande dans un terminal pour le saisir, ou passez-le avec --password-stdin",
      .it: "{0} mancante: esegui il comando in un terminale per l'inserimento, o usa --password-stdin",
    ],
    .accountAdded: [
      .en: "Added account {0} ({1}), logged in as {2}. The password is in your keyring, not on disk.",
      .de:
        "Konto {0} ({1}) hinzugefügt, angemeldet als {2}. Das Passwort liegt im Schlüsselbund, nicht auf der Festplatte.",
      .fr:
        "Compte {0} ({1}) ajouté, connecté en tant que {2}. Le mot de passe est dans votre trousseau, pas sur le disque.",
      .it: "Account {0} ({1}) aggiunto, connesso come {2}. La password è nel portachiavi, non sul disco.",
    ],
    .accountLoggedIn: [
      .en: "Account {0} is logged in as {1}.", .de: "Konto {0} ist angemeldet als {1}.",
      .fr: "Le compte {0} est connecté en tant que {1}.", .it: "L'account {0} è connesso come {1}.",
    ],
    .accountLoggedOut: [
      .en: "Account {0} is logged out; its password was deleted from the keyring. Its data stays until you remove it.",
      .de:
        "Konto {0} ist abgemeldet; sein Passwort wurde aus dem Schlüsselbund gelöscht. Seine Daten bleiben, bis Sie es entfernen.",
      .fr:
        "Le compte {0} est déconnecté ; son mot de passe a été supprimé du trousseau. Ses données restent jusqu'à sa suppression.",
      .it:
        "L'account {0} è disconnesso; la sua password è stata eliminata dal portachiavi. I suoi dati restano finché non lo rimuovi.",
    ],
    .accountLoggedOutNoSecret: [
      .en: "Account {0} is logged out (the keyring held no password for it).",
      .de: "Konto {0} ist abgemeldet (der Schlüsselbund enthielt kein Passwort dafür).",
      .fr: "Le compte {0} est déconnecté (le trousseau ne contenait pas de mot de passe pour lui).",
      .it: "L'account {0} è disconnesso (il portachiavi non conteneva alcuna password).",
    ],
    .accountRemoved: [
      .en: "Removed account {0}, its password and its data.",
      .de: "Konto {0}, sein Passwort und seine Daten wurden entfernt.",
      .fr: "Compte {0}, son mot de passe et ses données supprimés.",
      .it: "Account {0}, la sua password e i suoi dati rimossi.",
    ],
    .accountRemovedWithActions: [
      .en: "Removed account {0}, its password and its data; {1} queued action(s) were discarded.",
      .de: "Konto {0}, sein Passwort und seine Daten wurden entfernt; {1} wartende Aktion(en) wurden verworfen.",
      .fr: "Compte {0}, son mot de passe et ses données supprimés ; {1} action(s) en attente abandonnée(s).",
      .it: "Account {0}, la sua password e i suoi dati rimossi; {1} azione/i in coda scartata/e.",
    ],
    .accountNone: [
      .en: "No accounts yet. Add one with:  outpost account add volleymanager --username YOU",
      .de: "Noch keine Konten. Eines hinzufügen mit:  outpost account add volleymanager --username SIE",
      .fr: "Aucun compte pour l'instant. Ajoutez-en un avec :  outpost account add volleymanager --username VOUS",
      .it: "Ancora nessun account. Aggiungine uno con:  outpost account add volleymanager --username TU",
    ],
    .accountColumns: [
      .en: "NAME|KIND|USERNAME|STATE", .de: "NAME|ART|BENUTZER|ZUSTAND", .fr: "NOM|TYPE|UTILISATEUR|ÉTAT",
      .it: "NOME|TIPO|UTENTE|STATO",
    ],
    .accountState: [.en: "State:", .de: "Zustand:", .fr: "État :", .it: "Stato:"],
    .accountSession: [.en: "Session:", .de: "Sitzung:", .fr: "Session :", .it: "Sessione:"],
    .accountSessionActive: [
      .en: "active (in memory only)", .de: "aktiv (nur im Speicher)", .fr: "active (en mémoire seulement)",
      .it: "attiva (solo in memoria)",
    ],
    .accountSessionNone: [.en: "none", .de: "keine", .fr: "aucune", .it: "nessuna"],
    .accountIdentity: [
      .en: "Logged in as:", .de: "Angemeldet als:", .fr: "Connecté en tant que :", .it: "Connesso come:",
    ],
    .accountLastLogin: [
      .en: "Last login:", .de: "Letzte Anmeldung:", .fr: "Dernière connexion :", .it: "Ultimo accesso:",
    ],
    .accountCheckOK: [
      .en: "Check: the service accepted the session just now.",
      .de: "Prüfung: der Dienst hat die Sitzung soeben angenommen.",
      .fr: "Vérification : le service vient d'accepter la session.",
      .it: "Verifica: il servizio ha appena accettato la sessione.",
    ],
    .accountCheckFailed: [
      .en: "Check failed: {0}", .de: "Prüfung fehlgeschlagen: {0}", .fr: "Échec de la vérification : {0}",
      .it: "Verifica non riuscita: {0}",
    ],
  ]
}
