/// The messages of `outpost account …`.
extension Catalog {
  static let accountEntries: [MessageKey: [Language: String]] = [
    .accountSecretPrompt: [
      .en: "{0} for {1} at {2}: ", .de: "{0} für {1} bei {2}: ", .fr: "{0} pour {1} sur {2} : ",
      .it: "{0} per {1} su {2}: ",
    ],
    .secretNounFeedAddress: [
      .en: "feed address", .de: "Feed-Adresse", .fr: "adresse du flux", .it: "indirizzo del feed",
    ],
    .accountNoSecretInput: [
      .en: "no {0} given: run this in a terminal to be asked for it, or pipe it in with --password-stdin",
      .de: "{0} fehlt: im Terminal ausführen, um danach gefragt zu werden, oder mit --password-stdin übergeben",
      .fr: "{0} : non fourni ; lancez la commande dans un terminal pour le saisir, ou passez-le avec --password-stdin",
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
      .en: "Removed account {0}, its password and its data; {1} queued {1?action was|actions were} discarded.",
      .de:
        "Konto {0}, sein Passwort und seine Daten wurden entfernt; {1} {1?wartende Aktion wurde|wartende Aktionen wurden} verworfen.",
      .fr:
        "Compte {0}, son mot de passe et ses données supprimés ; {1} {1?action en attente abandonnée|actions en attente abandonnées}.",
      .it:
        "Account {0}, la sua password e i suoi dati rimossi; {1} {1?azione in coda scartata|azioni in coda scartate}.",
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
    // The words the bars use (SnapshotCatalog), so that a state reads the same everywhere.
    .accountStateOK: [.en: "ok", .de: "ok", .fr: "ok", .it: "ok"],
    .accountStateNeedsLogin: [
      .en: "needs login", .de: "Anmeldung nötig", .fr: "connexion requise", .it: "accesso richiesto",
    ],
    .accountStateKeyringLocked: [
      .en: "keyring locked", .de: "Schlüsselbund gesperrt", .fr: "trousseau verrouillé", .it: "portachiavi bloccato",
    ],
    .accountResetSent: [
      .en: "A link to choose a new password went to {0}. Once chosen: `outpost account login {1}`.",
      .de: "Ein Link für ein neues Passwort ging an {0}. Danach: `outpost account login {1}`.",
      .fr: "Un lien pour choisir un nouveau mot de passe est parti à {0}. Ensuite : `outpost account login {1}`.",
      .it: "Un link per scegliere una nuova password è stato inviato a {0}. Poi: `outpost account login {1}`.",
    ],
    .accountResetSentWaiting: [
      .en: "A link to choose a new password went to {0}: open it, choose one, then type it here.",
      .de: "Ein Link für ein neues Passwort ging an {0}: öffnen Sie ihn, wählen Sie eines und geben Sie es hier ein.",
      .fr:
        "Un lien pour choisir un nouveau mot de passe est parti à {0} : ouvrez-le, choisissez-en un, puis tapez-le ici.",
      .it: "Un link per scegliere una nuova password è stato inviato a {0}: aprilo, scegline una e digitala qui.",
    ],
    .accountResetPrompt: [
      .en: "New password for {0}: ", .de: "Neues Passwort für {0}: ", .fr: "Nouveau mot de passe pour {0} : ",
      .it: "Nuova password per {0}: ",
    ],
    .accountResetNoWaitAndPassword: [
      .en: "--no-wait only asks for the mail: it takes no --password-stdin",
      .de: "--no-wait fordert nur die E-Mail an: es nimmt kein --password-stdin",
      .fr: "--no-wait ne demande que l'e-mail : il ne prend pas --password-stdin",
      .it: "--no-wait chiede solo l'e-mail: non accetta --password-stdin",
    ],
    .accountStateOffline: [.en: "offline", .de: "offline", .fr: "hors ligne", .it: "offline"],
    .accountStateError: [.en: "error", .de: "Fehler", .fr: "erreur", .it: "errore"],
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
  ].merging(signInEntries) { first, _ in first }

  /// Interactive sign-in (`outpost account login NAME --browser|--device`).
  static let signInEntries: [MessageKey: [Language: String]] = [
    .accountAddedNeedsLogin: [
      .en: "Added account {0} ({1}). Sign in with:  outpost account login {0}",
      .de: "Konto {0} ({1}) hinzugefügt. Anmelden mit:  outpost account login {0}",
      .fr: "Compte {0} ({1}) ajouté. Connectez-vous avec :  outpost account login {0}",
      .it: "Account {0} ({1}) aggiunto. Accedi con:  outpost account login {0}",
    ],
    .accountSignInBrowser: [
      .en: "To sign in to {0}, open this address in your browser:\n  {1}",
      .de: "Um sich bei {0} anzumelden, öffnen Sie diese Adresse im Browser:\n  {1}",
      .fr: "Pour vous connecter à {0}, ouvrez cette adresse dans votre navigateur :\n  {1}",
      .it: "Per accedere a {0}, apri questo indirizzo nel browser:\n  {1}",
    ],
    .accountSignInDevice: [
      .en: "To sign in to {0}, open {1} on any device and enter the code  {2}",
      .de: "Um sich bei {0} anzumelden, öffnen Sie {1} auf einem beliebigen Gerät und geben Sie den Code ein:  {2}",
      .fr: "Pour vous connecter à {0}, ouvrez {1} sur n'importe quel appareil et saisissez le code  {2}",
      .it: "Per accedere a {0}, apri {1} su qualsiasi dispositivo e inserisci il codice  {2}",
    ],
    .accountSignInDeviceDirect: [
      .en: "(or open {0}, where the code is already filled in)",
      .de: "(oder öffnen Sie {0}, dort ist der Code schon eingetragen)",
      .fr: "(ou ouvrez {0}, où le code est déjà saisi)",
      .it: "(oppure apri {0}, dove il codice è già inserito)",
    ],
    .accountSignInWaiting: [
      .en: "Waiting for the sign-in… ({0} left; Ctrl-C stops waiting)",
      .de: "Warte auf die Anmeldung … (noch {0}; Strg-C beendet das Warten)",
      .fr: "En attente de la connexion… (encore {0} ; Ctrl-C arrête d'attendre)",
      .it: "In attesa dell'accesso… (ancora {0}; Ctrl-C smette di attendere)",
    ],
    .accountSignInLinkSent: [
      .en:
        "A sign-in link for {0} is on its way to {1} (if the address has an account there). Open it on this "
        + "computer: the link works only where it was requested, once, until {2}.",
      .de:
        "Ein Anmeldelink für {0} ist unterwegs an {1} (falls die Adresse dort ein Konto hat). Öffnen Sie ihn auf "
        + "diesem Computer: Der Link gilt nur hier, wo er angefordert wurde, einmal, bis {2}.",
      .fr:
        "Un lien de connexion pour {0} est en route vers {1} (si l'adresse y a un compte). Ouvrez-le sur cet "
        + "ordinateur : le lien ne fonctionne que là où il a été demandé, une fois, jusqu'à {2}.",
      .it:
        "Un link di accesso per {0} è in arrivo a {1} (se l'indirizzo ha un account). Aprilo su questo computer: "
        + "il link funziona solo dove è stato richiesto, una volta, fino alle {2}.",
    ],
    .accountSignInLinkWaiting: [
      .en: "Waiting for the link to be opened… ({0} left; Ctrl-C stops waiting, the link still works)",
      .de: "Warte, bis der Link geöffnet wird … (noch {0}; Strg-C beendet das Warten, der Link gilt weiter)",
      .fr: "En attente de l'ouverture du lien… (encore {0} ; Ctrl-C arrête d'attendre, le lien reste valable)",
      .it: "In attesa dell'apertura del link… (ancora {0}; Ctrl-C smette di attendere, il link resta valido)",
    ],
    .accountSignedInWithLink: [
      .en: "Signed in: account {0} as {1}, with the link from your mail.",
      .de: "Angemeldet: Konto {0} als {1}, mit dem Link aus Ihrer E-Mail.",
      .fr: "Connecté : compte {0} en tant que {1}, avec le lien de votre e-mail.",
      .it: "Accesso effettuato: account {0} come {1}, con il link della tua e-mail.",
    ],
    .accountSignedIn: [
      .en: "Account {0} is signed in as {1}. Its refresh token is in your keyring, not on disk.",
      .de:
        "Konto {0} ist angemeldet als {1}. Sein Aktualisierungstoken liegt im Schlüsselbund, nicht auf der Festplatte.",
      .fr:
        "Le compte {0} est connecté en tant que {1}. Son jeton de renouvellement est dans votre trousseau, pas sur le disque.",
      .it: "L'account {0} è connesso come {1}. Il suo token di rinnovo è nel portachiavi, non sul disco.",
    ],
    .accountNoPasswordKind: [
      .en:
        "{0} accounts take no password, they sign in at the service's pages: leave out --password-stdin, add the account, then run `outpost account login NAME`",
      .de:
        "{0}-Konten haben kein Passwort, die Anmeldung erfolgt auf den Seiten des Dienstes: --password-stdin weglassen, das Konto hinzufügen, dann `outpost account login NAME` ausführen",
      .fr:
        "les comptes {0} n'ont pas de mot de passe, la connexion se fait sur les pages du service : omettez --password-stdin, ajoutez le compte, puis lancez `outpost account login NOM`",
      .it:
        "gli account {0} non hanno password, l'accesso avviene sulle pagine del servizio: ometti --password-stdin, aggiungi l'account, poi esegui `outpost account login NOME`",
    ],
    .accountUnknownKind: [
      .en: "unknown kind \"{0}\"; Outpost knows: {1}", .de: "unbekannte Art «{0}»; Outpost kennt: {1}",
      .fr: "type inconnu « {0} » ; Outpost connaît : {1}", .it: "tipo sconosciuto «{0}»; Outpost conosce: {1}",
    ],
    .accountPasswordKind: [
      .en: "{0} accounts sign in with a password: leave out --device, --browser and --magic-link",
      .de: "{0}-Konten melden sich mit einem Passwort an: lassen Sie --device, --browser und --magic-link weg",
      .fr: "les comptes {0} se connectent avec un mot de passe : omettez --device, --browser et --magic-link",
      .it: "gli account {0} accedono con una password: ometti --device, --browser e --magic-link",
    ],
    .accountLoginMethodUnsupported: [
      .en: "{0} accounts cannot sign in with {1}; they offer: {2}",
      .de: "{0}-Konten können sich nicht mit {1} anmelden; möglich ist: {2}",
      .fr: "les comptes {0} ne peuvent pas se connecter avec {1} ; ils proposent : {2}",
      .it: "gli account {0} non possono accedere con {1}; offrono: {2}",
    ],
    .accountLoginMethodsExclusive: [
      .en: "--device, --browser and --magic-link exclude each other",
      .de: "--device, --browser und --magic-link schließen sich gegenseitig aus",
      .fr: "--device, --browser et --magic-link s'excluent mutuellement",
      .it: "--device, --browser e --magic-link si escludono a vicenda",
    ],
  ]
}
