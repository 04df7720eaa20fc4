/// The words of every `Phrase` the daemon sends, in each language. `LocalizedText` makes every
/// language a stored property; a test checks that each has the same `{n}` placeholders.
/// Arguments are the service's own words (left as they are), names, or inner phrases.
public enum PhraseCatalog {
  public static func template(_ key: PhraseKey) -> LocalizedText? { table[key] }

  public static var keys: Dictionary<PhraseKey, LocalizedText>.Keys { table.keys }

  /// A key in two parts would trap here, at the first phrase any test says.
  static let table = [PhraseKey: LocalizedText](
    uniqueKeysWithValues: [general, connector, session, sync, queue, rpc, status, network].flatMap {
      $0.map { ($0.key, $0.value) }
    })

  static let general: [PhraseKey: LocalizedText] = [
    .verbatim: LocalizedText(en: "{0}", de: "{0}", fr: "{0}", it: "{0}"),
    // Two sentences; the second after a full stop the first may already have.
    .sentences: LocalizedText(en: "{0} {1}", de: "{0} {1}", fr: "{0} {1}", it: "{0} {1}"),
  ]

  /// Why a call to a service failed (`ConnectorError`).
  static let connector: [PhraseKey: LocalizedText] = [
    "connector.sessionExpired": LocalizedText(
      en: "the session expired", de: "die Sitzung ist abgelaufen", fr: "la session a expiré",
      it: "la sessione è scaduta"),
    "connector.invalidCredentials": LocalizedText(
      en: "the service rejected the credentials: {0}", de: "der Dienst hat die Zugangsdaten abgelehnt: {0}",
      fr: "le service a refusé les identifiants : {0}", it: "il servizio ha rifiutato le credenziali: {0}"),
    "connector.twoFactorRequired": LocalizedText(
      en: "the account uses two-factor authentication, which this service's login does not support for other apps",
      de: "das Konto nutzt Zwei-Faktor-Anmeldung, die dieser Dienst anderen Programmen nicht anbietet",
      fr:
        "le compte utilise l'authentification à deux facteurs, que la connexion de ce service ne permet pas aux autres applications",
      it: "l'account usa l'autenticazione a due fattori, che l'accesso di questo servizio non consente ad altre app"),
    "connector.unreachable": LocalizedText(
      en: "the service cannot be reached: {0}", de: "der Dienst ist nicht erreichbar: {0}",
      fr: "le service est injoignable : {0}", it: "il servizio non è raggiungibile: {0}"),
    "connector.transient": LocalizedText(
      en: "the service failed temporarily: {0}", de: "der Dienst ist vorübergehend gestört: {0}",
      fr: "le service est en panne passagère : {0}", it: "il servizio ha un guasto temporaneo: {0}"),
    "connector.rateLimited": LocalizedText(
      en: "the service asks to slow down", de: "der Dienst bittet, langsamer zu machen",
      fr: "le service demande de ralentir", it: "il servizio chiede di rallentare"),
    "connector.rateLimitedRetry": LocalizedText(
      en: "the service asks to slow down; retry in {0} s",
      de: "der Dienst bittet, langsamer zu machen; neuer Versuch in {0} s",
      fr: "le service demande de ralentir ; nouvel essai dans {0} s",
      it: "il servizio chiede di rallentare; nuovo tentativo tra {0} s"),
    "connector.conflict": LocalizedText(
      en: "conflict: {0}", de: "Konflikt: {0}", fr: "conflit : {0}", it: "conflitto: {0}"),
    "connector.refused": LocalizedText(
      en: "the service refused it: {0}", de: "der Dienst hat es abgelehnt: {0}", fr: "le service l'a refusé : {0}",
      it: "il servizio l'ha rifiutato: {0}"),
    "connector.notFound": LocalizedText(
      en: "not found: {0}", de: "nicht gefunden: {0}", fr: "introuvable : {0}", it: "non trovato: {0}"),
    "connector.unsupported": LocalizedText(
      en: "not supported: {0}", de: "nicht unterstützt: {0}", fr: "non pris en charge : {0}", it: "non supportato: {0}"),
    "connector.cursorRefused": LocalizedText(
      en: "the service no longer knows where the last sync stopped: {0}",
      de: "der Dienst weiss nicht mehr, wo die letzte Synchronisierung aufgehört hat: {0}",
      fr: "le service ne sait plus où la dernière synchronisation s'est arrêtée : {0}",
      it: "il servizio non sa più dove si è fermata l'ultima sincronizzazione: {0}"),
    "connector.unexpectedReply": LocalizedText(
      en: "unexpected reply from the service: {0}", de: "unerwartete Antwort des Dienstes: {0}",
      fr: "réponse inattendue du service : {0}", it: "risposta inattesa del servizio: {0}"),
  ]

  /// Why an account waits or fails (`SessionEvent`, `SessionError`, the keyring).
  static let session: [PhraseKey: LocalizedText] = [
    "session.needsLogin": LocalizedText(
      en: "the account needs a new login ({0}); run `outpost account login`",
      de: "das Konto braucht eine neue Anmeldung ({0}); `outpost account login` ausführen",
      fr: "le compte demande une nouvelle connexion ({0}) ; lancez `outpost account login`",
      it: "l'account richiede un nuovo accesso ({0}); esegui `outpost account login`"),
    "session.noCredentials": LocalizedText(
      en: "no credentials in the keyring", de: "keine Zugangsdaten im Schlüsselbund",
      fr: "aucun identifiant dans le trousseau", it: "nessuna credenziale nel portachiavi"),
    "session.notSignedInYet": LocalizedText(
      en: "not signed in yet", de: "noch nicht angemeldet", fr: "pas encore connecté", it: "non ancora connesso"),
    "session.noSessionYet": LocalizedText(
      en: "it has no session yet", de: "es hat noch keine Sitzung", fr: "il n'a pas encore de session",
      it: "non ha ancora una sessione"),
    "session.loggedOut": LocalizedText(en: "logged out", de: "abgemeldet", fr: "déconnecté", it: "disconnesso"),
    "session.keyringWaiting": LocalizedText(
      en: "waiting for the keyring to be unlocked", de: "wartet, bis der Schlüsselbund entsperrt ist",
      fr: "attend que le trousseau soit déverrouillé", it: "in attesa che il portachiavi venga sbloccato"),
    "session.keyringLocked": LocalizedText(
      en: "the keyring is locked; Outpost carries on once it is unlocked",
      de: "der Schlüsselbund ist gesperrt; Outpost macht weiter, sobald er entsperrt ist",
      fr: "le trousseau est verrouillé ; Outpost reprend dès qu'il est déverrouillé",
      it: "il portachiavi è bloccato; Outpost riprende appena viene sbloccato"),
    "session.renewedTokenNotSaved": LocalizedText(
      en: "the renewed token could not be saved: {0}",
      de: "das erneuerte Token konnte nicht gespeichert werden: {0}",
      fr: "le jeton renouvelé n'a pas pu être enregistré : {0}",
      it: "il token rinnovato non è stato salvato: {0}"),
    "session.passwordSignInFailed": LocalizedText(
      en: "the session ended and signing in again with the stored password failed: {0}",
      de: "die Sitzung ist beendet, und die erneute Anmeldung mit dem gespeicherten Passwort ist fehlgeschlagen: {0}",
      fr: "la session a pris fin et la reconnexion avec le mot de passe enregistré a échoué : {0}",
      it: "la sessione è terminata e il nuovo accesso con la password salvata non è riuscito: {0}"),
  ]

  /// How syncs are doing.
  static let sync: [PhraseKey: LocalizedText] = [
    "sync.storeUnreadable": LocalizedText(
      en: "the store cannot be read: {0}", de: "der Speicher kann nicht gelesen werden: {0}",
      fr: "la base locale est illisible : {0}", it: "l'archivio locale non può essere letto: {0}"),
    "sync.storeUnwritable": LocalizedText(
      en: "the store cannot be written: {0}", de: "in den Speicher kann nicht geschrieben werden: {0}",
      fr: "la base locale ne peut pas être écrite : {0}", it: "l'archivio locale non può essere scritto: {0}"),
    "signInLink.used": LocalizedText(
      en:
        "This sign-in link was already used ({0}): each link signs in once. To sign in again, ask for a new one: `outpost account login NAME --magic-link EMAIL`",
      de:
        "Dieser Anmeldelink wurde schon verwendet ({0}): jeder Link meldet einmal an. Für eine neue Anmeldung fordern Sie einen neuen an: `outpost account login NAME --magic-link EMAIL`",
      fr:
        "Ce lien de connexion a déjà été utilisé ({0}) : chaque lien ne sert qu'une fois. Pour vous reconnecter, demandez-en un nouveau : `outpost account login NAME --magic-link EMAIL`",
      it:
        "Questo link di accesso è già stato usato ({0}): ogni link vale una volta. Per accedere di nuovo, chiedine uno nuovo: `outpost account login NAME --magic-link EMAIL`"
    ),
    "sync.stopped": LocalizedText(
      en: "stopped: the daemon is shutting down; it syncs again when it starts",
      de: "abgebrochen: der Dienst wird beendet; beim nächsten Start wird wieder synchronisiert",
      fr: "interrompu : le service s’arrête ; la synchronisation reprend à son prochain démarrage",
      it: "interrotto: il servizio si sta chiudendo; la sincronizzazione riprende al prossimo avvio"),
    "sync.failing": LocalizedText(
      en: "failing since {0}, {1} {1?attempt|attempts}: {2}",
      de: "schlägt seit {0} fehl, {1} {1?Versuch|Versuche}: {2}",
      fr: "en échec depuis {0}, {1} {1?tentative|tentatives} : {2}",
      it: "non riesce da {0}, {1} {1?tentativo|tentativi}: {2}"),
    "sync.parked": LocalizedText(
      en:
        "Needs attention: tried by itself only every 6 hours now; `outpost sync {0}` tries at once, `--full` starts over.",
      de:
        "Braucht Aufmerksamkeit: nur noch alle 6 Stunden von selbst versucht; `outpost sync {0}` versucht es sofort, `--full` beginnt neu.",
      fr:
        "À vérifier : essayé seul seulement toutes les 6 heures ; `outpost sync {0}` réessaie tout de suite, `--full` recommence.",
      it:
        "Richiede attenzione: ora provato da solo solo ogni 6 ore; `outpost sync {0}` riprova subito, `--full` ricomincia."
    ),
  ]

  /// Why a queued action was not sent.
  static let queue: [PhraseKey: LocalizedText] = [
    "queue.keptFailing": LocalizedText(
      en: "kept failing: {0}", de: "schlägt immer wieder fehl: {0}", fr: "échoue encore et encore : {0}",
      it: "continua a non riuscire: {0}"),
    "queue.notSentOnlineOnly": LocalizedText(
      en: "not sent (online only): {0}", de: "nicht gesendet (nur online): {0}",
      fr: "non envoyée (en ligne seulement) : {0}", it: "non inviata (solo online): {0}"),
    "queue.stoppedBeforeSent": LocalizedText(
      en: "outpostd stopped before it could be sent", de: "outpostd wurde beendet, bevor sie gesendet werden konnte",
      fr: "outpostd s'est arrêté avant de pouvoir l'envoyer", it: "outpostd si è fermato prima di poterla inviare"),
    "queue.cannotActNow": LocalizedText(
      en: "{0} cannot act now", de: "{0} kann gerade nicht handeln", fr: "{0} ne peut pas agir maintenant",
      it: "{0} non può agire ora"),
  ]

  /// What the `accounts.*` and `actions.*` errors say (`RPCError`'s `data.phrase`).
  static let rpc: [PhraseKey: LocalizedText] = [
    "action.otherService": LocalizedText(
      en: "{0} is a {1} action; {2} belongs to another service",
      de: "{0} ist eine Aktion von {1}; {2} gehört zu einem anderen Dienst",
      fr: "{0} est une action de {1} ; {2} appartient à un autre service",
      it: "{0} è un'azione di {1}; {2} appartiene a un altro servizio"),
    "action.otherAccountKind": LocalizedText(
      en: "{0} is a {1} action; {2} is a {3} account", de: "{0} ist eine Aktion von {1}; {2} ist ein {3}-Konto",
      fr: "{0} est une action de {1} ; {2} est un compte {3}", it: "{0} è un'azione di {1}; {2} è un account {3}"),
    "rpc.accountNotFound": LocalizedText(
      en: "No account named \"{0}\"; `outpost account list` shows all accounts",
      de: "Kein Konto namens «{0}»; `outpost account list` zeigt alle Konten",
      fr: "Aucun compte nommé « {0} » ; `outpost account list` affiche tous les comptes",
      it: "Nessun account di nome «{0}»; `outpost account list` mostra tutti gli account"),
    "rpc.accountExists": LocalizedText(
      en: "An account named \"{0}\" already exists; choose another name with --name",
      de: "Ein Konto namens «{0}» gibt es schon; wählen Sie mit --name einen anderen Namen",
      fr: "Un compte nommé « {0} » existe déjà ; choisissez un autre nom avec --name",
      it: "Esiste già un account di nome «{0}»; scegli un altro nome con --name"),
    "rpc.credentialsRejected": LocalizedText(
      en: "The service rejected the credentials ({0}); nothing was saved. Check the username and password.",
      de:
        "Der Dienst hat die Zugangsdaten abgelehnt ({0}); nichts wurde gespeichert. Prüfen Sie Benutzername und Passwort.",
      fr:
        "Le service a refusé les identifiants ({0}) ; rien n'a été enregistré. Vérifiez l'identifiant et le mot de passe.",
      it: "Il servizio ha rifiutato le credenziali ({0}); non è stato salvato nulla. Controlla nome utente e password."),
    "rpc.upstreamUnavailable": LocalizedText(
      en: "{0}. Check the network and the base URL, then try again.",
      de: "{0}. Prüfen Sie das Netz und die Basis-URL und versuchen Sie es dann noch einmal.",
      fr: "{0}. Vérifiez le réseau et l'URL de base, puis réessayez.",
      it: "{0}. Controlla la rete e l'URL di base, poi riprova."),
    "rpc.upstreamSlowDown": LocalizedText(
      en: "{0}. Try again later.", de: "{0}. Versuchen Sie es später noch einmal.", fr: "{0}. Réessayez plus tard.",
      it: "{0}. Riprova più tardi."),
    "rpc.upstreamUnexpected": LocalizedText(
      en: "The service answered in a way Outpost does not understand: {0}. Is the base URL right?",
      de: "Der Dienst hat so geantwortet, dass Outpost es nicht versteht: {0}. Stimmt die Basis-URL?",
      fr: "Le service a répondu d'une façon qu'Outpost ne comprend pas : {0}. L'URL de base est-elle juste ?",
      it: "Il servizio ha risposto in un modo che Outpost non capisce: {0}. L'URL di base è giusto?"),
    "rpc.notSupported": LocalizedText(
      en: "Not supported: {0}", de: "Nicht unterstützt: {0}", fr: "Non pris en charge : {0}", it: "Non supportato: {0}"),
    "rpc.keyringUnavailable": LocalizedText(
      en: "The keyring cannot be used: {0}", de: "Der Schlüsselbund ist nicht nutzbar: {0}",
      fr: "Le trousseau est inutilisable : {0}", it: "Il portachiavi non è utilizzabile: {0}"),
    "rpc.keyringLockedAdvice": LocalizedText(
      en: "it is locked; unlock it (log in to your desktop or open your keyring manager)",
      de: "er ist gesperrt; entsperren Sie ihn (am Desktop anmelden oder die Schlüsselbundverwaltung öffnen)",
      fr: "il est verrouillé ; déverrouillez-le (connectez-vous au bureau ou ouvrez le gestionnaire de trousseau)",
      it: "è bloccato; sbloccalo (accedi al desktop o apri il gestore del portachiavi)"),
    "rpc.actionsPending": LocalizedText(
      en:
        "Account \"{0}\" has {1} queued {1?action|actions} not yet sent; removing it would lose {1?it|them}. Wait for {1?it|them} to be sent, or remove with --force.",
      de:
        "Das Konto «{0}» hat {1} {1?vorgemerkte Aktion, die noch nicht gesendet ist; beim Entfernen ginge sie verloren. Warten Sie, bis sie gesendet ist|vorgemerkte Aktionen, die noch nicht gesendet sind; beim Entfernen gingen sie verloren. Warten Sie, bis sie gesendet sind}, oder entfernen Sie es mit --force.",
      fr:
        "Le compte « {0} » a {1} {1?action en file pas encore envoyée ; le supprimer la perdrait|actions en file pas encore envoyées ; le supprimer les perdrait}. Attendez leur envoi, ou supprimez avec --force.",
      it:
        "L'account «{0}» ha {1} {1?azione in coda non ancora inviata; rimuoverlo la perderebbe. Attendi che sia inviata|azioni in coda non ancora inviate; rimuoverlo le perderebbe. Attendi che siano inviate}, o rimuovi con --force."
    ),
    "rpc.needsLogin": LocalizedText(
      en: "Account \"{0}\" needs a new login ({1}); run `outpost account login {0}`",
      de: "Das Konto «{0}» braucht eine neue Anmeldung ({1}); `outpost account login {0}` ausführen",
      fr: "Le compte « {0} » demande une nouvelle connexion ({1}) ; lancez `outpost account login {0}`",
      it: "L'account «{0}» richiede un nuovo accesso ({1}); esegui `outpost account login {0}`"),
    "rpc.itemNotFound": LocalizedText(
      en: "No item number {0}; `outpost agenda` lists them with their numbers",
      de: "Kein Eintrag Nummer {0}; `outpost agenda` listet sie mit ihren Nummern",
      fr: "Aucun élément numéro {0} ; `outpost agenda` les liste avec leurs numéros",
      it: "Nessun elemento numero {0}; `outpost agenda` li elenca con i loro numeri"),
    "rpc.actionNotAllowed": LocalizedText(
      en: "Not possible: {0}; nothing was queued", de: "Nicht möglich: {0}; nichts wurde vorgemerkt",
      fr: "Impossible : {0} ; rien n'a été mis en file", it: "Non possibile: {0}; nulla è stato messo in coda"),
    "rpc.actionNotFound": LocalizedText(
      en: "No queued action number {0}; `outpost queue` lists them",
      de: "Keine vorgemerkte Aktion Nummer {0}; `outpost queue` listet sie",
      fr: "Aucune action en file numéro {0} ; `outpost queue` les liste",
      it: "Nessuna azione in coda numero {0}; `outpost queue` le elenca"),
  ]
}

extension PhraseKey {
  /// Two sentences, `{0} {1}`, with a full stop after the first unless it has one.
  public static let sentences: PhraseKey = "sentences"
}
