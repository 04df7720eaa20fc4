/// Every user-facing message of the CLI, in each language. A test checks that each message has
/// all languages and the same `{n}` placeholders in each. Messages the daemon sends over the
/// wire (error messages) stay English: they are also read by scripts and logs.
public enum MessageKey: String, CaseIterable, Sendable {
  case daemonNotRunning
  case permissionDenied
  case socketPathTooLong
  case connectionLost
  case timedOut
  case protocolMismatch
  case statusRunning
  case statusSocket
  case statusStore
  case statusConfig
  case statusClients
  case statusClientsValue
  case statusEvents
  case statusEventsValue
  case statusHealth
  case statusProblem
  case statusNoDetail
  case statusComponentStore
  case statusComponentRPC
  case statusComponentEvents
  case statusComponentNotifications
  case statusComponentAccounts
  case statusComponentConfig
  case statusComponentInstance
  case statusComponentRuntime
  case statusHealthOk
  case statusComponentHealth
  case statusHealthDegraded
  case statusHealthFailed
  case eventsResync
  case accountSecretPrompt
  case accountNoSecretInput
  case accountAdded
  case accountLoggedIn
  case accountLoggedOut
  case accountResetSent
  case accountResetSentWaiting
  case accountResetPrompt
  case accountResetNoWaitAndPassword
  case accountLoggedOutNoSecret
  case accountRemoved
  case accountRemovedWithActions
  case accountNone
  case accountColumns
  case accountState
  case accountStateOK
  case accountStateNeedsLogin
  case accountStateKeyringLocked
  case accountStateOffline
  case accountStateError
  case accountSession
  case accountSessionActive
  case accountSessionNone
  case accountIdentity
  case accountLastLogin
  case accountCheckOK
  case accountCheckFailed
  case accountAddedNeedsLogin
  case accountSignInBrowser
  case accountSignInDevice
  case accountSignInDeviceDirect
  case accountSignInWaiting
  case accountSignInLinkSent
  case accountSignInLinkWaiting
  case accountSignedInWithLink
  case accountSignedIn
  case accountPasswordKind
  case accountUnknownKind
  case accountNoPasswordKind
  case accountLoginMethodUnsupported
  case accountLoginMethodsExclusive
  case syncStarted
  case syncSynced
  case syncPoints
  case syncNothingNew
  case syncFailed
  case syncRetry
  case syncParkedNote
  case agendaEmpty
  case itemsEmpty
  case paramMalformed
  case optionMalformed
  case actionParamRequired
  case actionOnlineOnly
  case actionOnlineOnlyRefused
  case itemAllDay
  case itemCancelled
  case showNoSuchItem
  case exchangeMine
  case exchangeApplied
  case tasksDone
  case exchangeLevel
  case compensationPaid
  case compensationUnpaid
  case itemFieldKind
  case itemFieldAbout
  case itemFieldAmount
  case itemFieldWhen
  case itemFieldWhere
  case itemFieldStatus
  case itemFieldNote
  case itemFieldLink
  case itemStatusActive
  case itemStatusApplied
  case itemStatusClosed
  case itemMoreDetails
  case itemRemoved
  case actionQueued
  case actionDone
  case actionConflict
  case actionFailed
  case actionLine
  case actionOnItem
  case actionOnAccount
  case actionStatePending
  case actionStateRunning
  case actionStateDone
  case actionStateConflict
  case actionStateDiscarded
  case actionStateFailed
  case queueEmpty
  case conflictsNone
  case conflictServerNow
  case calendarFilesOff
  case calendarFile
  case calendarExported
  case calendarCannotWrite
  case calendarWriteFailed
  case caldavTarget
  case caldavScopeAccount
  case caldavScopeAll
  case caldavStatusOK
  case caldavStatusRetrying
  case caldavStatusNeedsLogin
  case caldavStatusError
  case caldavLastPushed
  case caldavPasswordNoun
  case secretNounFeedAddress
  case caldavPasswordPrompt
  case caldavAdded
  case caldavRemoved
  case caldavDeletedThere
  case caldavLeftThere
  case caldavNone
  case caldavPushFailed
  case caldavNotPushed
  case caldavCounts
  case caldavRecreated
  case caldavOverwritten
  case caldavUnchanged
  case caldavForeign
  case caldavNotWritten
  case snapshotDaemonDown
  case snapshotStartHint
  case snapshotOff
  case snapshotUnknownFormat
  case openExclusive
  case openNoItem
  case freshnessState
  case freshnessStateNoData
  case freshnessStale
  case openNothingNext
  case openNoWebPage
  case openCannotRun
  case openFailed
  case openOpened
  case notificationsLimitRange
  case notificationsNone
  case notificationsNoneUnread
  case notificationsUnreadTotal
  case notificationsReadNeedsNumbers
  case notificationsReadNotBoth
  case notificationsBadNumber
  case notificationsMarked
  case notificationsEnabledAndDisabled
  case notificationsUnknownCategory
  case notificationsSuppressed
  case notificationsNoServer
  case notificationsQuietHoursInvalid
  case notificationsDesktopAvailable
  case notificationsDesktopAvailableThrough
  case notificationsDesktopUnavailable
  case notificationsKept
  case notificationsQuietHours
  case notificationsQuietHoursLocal
  case notificationsQuietHoursOff
  case notificationsCategories
  case notificationsCategoryOn
  case notificationsCategoryOff
  case notificationsOffAtService
  case notificationsWaitingForService
  case remindersNone
  case remindersNoneRecent
  case remindersColumns
  case remindersBadNumber
  case remindersSnoozed
  case remindersDismissed
  case remindersRulesAll
  case remindersRuleEvening
  case remindersRuleBefore
  case remindersRuleNone
  case remindersRulesBadEvening
  case remindersRulesBadBefore
  case reminderRuleEveningBefore
  case reminderRuleBeforeStart
  case reminderRuleDaysBefore
  case reminderRuleHoursBefore
  case reminderRuleMinutesBefore
  case reminderRuleDeadline
  case reminderStatePending
  case reminderStateFired
  case reminderStateMissed
  case reminderStateWithdrawn
  case reminderStateDismissed
  case reminderStateSnoozed
  case snoozeExample
  case snoozeEmpty
  case snoozeTooLong
  case snoozeBadUnit
  case snoozeNoNumber
  case snoozeNoUnit
  case snoozeZero
  // A chart a view drew, written to a file (Catalog+Charts.swift).
  case chartNotSent
  case chartCannotWrite
  // `outpost agility spending` (Catalog+AgilitySpending.swift).
  case agilitySpendingHeader
  case agilitySpendingNone
  case agilitySpendingUncategorised
  case agilitySpendingNotBusiness
  case agilitySpendingTrendHeader
  case agilitySpendingIn
  case agilitySpendingOut
  case agilitySpendingMonthsRange
  case agilitySpendingWritten
  // `outpost agility categories` (Catalog+AgilityCategories.swift).
  case agilityCategoriesNone
  case agilityCategoriesCount
  case agilityCategoryBuiltIn
  case agilityCategoryCustom
  case agilityCategoryArchived
  case agilityCategoryLine
  case agilityCategoryKindExpense
  case agilityCategoryKindIncome
  case agilityCategoryKindPersonal
  case agilityCategoryKindTransfer
  case agilityCategoryKindTaxPayment
  case agilityCategoryNoName
  case agilityCategoryKinds
  case agilityCategoryLines
  case agilityCategoryExists
  case agilityCategoryLimit
  case agilityCategoryAdded
  // `outpost agility …` (Catalog+Agility.swift).
  case agilityBusinessOrPersonal
  case agilityDaysOverdue
  case agilityEditNothing
  case agilityDraftCreated
  case agilityDraftNoLines
  case agilityDueWithinRange
  case agilityInvoiceDue
  case agilityInvoiceOpen
  case agilityInvoicesTotals
  case agilityLimitAtLeastOne
  case agilityMonthFormat
  case agilityNoAccount
  case agilityNoCategory
  case agilityNoClient
  case agilityNoDataYet
  case agilityNoInvoice
  case agilityNoInvoices
  case agilityNoTransactions
  case agilityPartiallyPaid
  case agilityInvoiceDraft
  case agilityNoticeWageBase
  case agilityNoticeUncategorised
  case agilityNoticeMedicare
  case agilityNoticeOverride
  case agilityInvoiceSent
  case agilityInvoiceViewed
  case agilityInvoicePaid
  case agilityInvoiceOverdue
  case agilityPending
  case agilitySeveralAccounts
  case agilityStatusCash
  case agilityStatusCashAccount
  case agilityManualAccount
  case agilityStatusChoices
  case agilityStatusDueNext
  case agilityStatusHeader
  case agilityStatusNothingDue
  case agilityStatusOverdue
  case agilityStatusProfit
  case agilityTaxColumnDue
  case agilityTaxColumnPaid
  case agilityTaxColumnSuggested
  case agilityTaxColumnTarget
  case agilityTaxCovered
  case agilityTaxDisclaimer
  case agilityTaxHeader
  case agilityTaxHeaderSEOnly
  case agilityTaxOpen
  case agilityTaxPastDue
  case agilityTaxProjected
  case agilityTaxShifted
  case agilityTransactionsShown
  case agilityTransactionsTotals
  case agilityUncategorised
  case agilityWarning
  case agilityYearRange
  case agilityImportKeepFormat
  case agilityImportReading
  case agilityImportCounts
  case agilityImportFlagged
  case agilityImportFlaggedLine
  case agilityImportKeepHint
  case agilityImportKept
  case agilityImportRejected
  case agilityImportRejectedLine
  case agilityImportBalance
  case agilityImportDryRun
  case agilityImportNothingNew
  case agilityImportQueued
  // `outpost viiraa …` (Catalog+ViiRaa.swift).
  case viiraaDaysRange
  case viiraaLimitAtLeastOne
  case viiraaChartWritten
  case viiraaChartEmpty
  case viiraaImportNoFile
  case viiraaImportDateOrder
  case viiraaImportReading
  case viiraaImportFile
  case viiraaImportAlreadyThere
  case viiraaImportSkipped
  case viiraaImportRejected
  case viiraaImportNote
  case viiraaImportRejectedLine
  case viiraaImportMoreRejected
  case viiraaImportDryRun
  case viiraaImportNothingNew
  case viiraaImported
  case viiraaRecorded
  case viiraaNoAccount
  case viiraaSeveralAccounts
  // The dashboard (`outpost viiraa`) and the readings list.
  case viiraaJustNow
  case viiraaMinutesAgo
  case viiraaHoursAgo
  case viiraaDaysAgo
  case viiraaReadingsNone
  case viiraaReadingsCount
  case viiraaReadingsCountNewest
  case viiraaLow
  case viiraaHigh
  case viiraaLatest
  case viiraaOrLower
  case viiraaOrHigher
  case viiraaStale
  case viiraaNoData
  case viiraaNoReadingYet
  case viiraaToday
  case viiraaSevenDays
  case viiraaThirtyDays
  case viiraaColumns
  case viiraaNoSensorData
  case viiraaTooLittleData
  case viiraaGMI
  case viiraaWeight
  case viiraaWeightChange
  case viiraaActivity
  case viiraaNext
  case viiraaNewInsights
  case viiraaNotMedical
  // Coaching reminders and insights.
  case viiraaRemindersNone
  case viiraaTagDone
  case viiraaTagSnoozed
  case viiraaInsightMissing
  case viiraaInsightsNone
  case viiraaTagNew
  // `outpost agile …` (Catalog+Agile.swift).
  case agileNoAccount
  case agileNoBrands
  case agileSeveralAccounts
  case agileNoContent
  case agileNoExperts
  case agileNoSubscriptions
  case agileNoSubscription
  case agileFollowing
  case agileStoreManaged
  case agileOpening
  case agileSettingOn
  case agileSettingOff
  case agileSettingWaiting
  case agileStatusActive
  case agileStatusGrace
  case agileStatusCancelled
  case agileStatusExpired
  case agileRenews
  case agileAccessUntil
  case agileEnds
  case agileSettingsChanged
  case agileMoreExperts
  // An expert's profile and `outpost agile subscribe` (Catalog+AgileExpert.swift).
  case agileExpertStats
  case agileSubscriberCount
  case agileExpertNotFollowing
  case agileExpertSubscribed
  case agileExpertOffer
  case agileExpertLibrary
  case agileExpertLibraryEmpty
  case agileExpertLibraryMore
  case agileExpertLocked
  case agileExpertProfileLater
  case agileIntervalMonth
  case agileIntervalYear
  case agileSubscribeOpening
  case agileSubscribeAlready
  case agileSubscribeNoOffer
  // `outpost rpp …` (Catalog+RPP.swift).
  case rppSignedOutEverywhere
  case rppStatusChoices
  case rppDayFormat
  case rppNoSavedAddresses
  case rppAddressNeeded
  case rppFromAfterTo
  case rppPhotos
  case rppPartnerTimeZone
  case rppSlotYours
  case rppSlotTaken
  case rppNoFreeSlot
  case rppBooked
  case rppBookedPending
  case rppNoOrder
  case rppNoAccount
  case rppSeveralAccounts
  // Rescheduling and cancelling.
  case rppRescheduleUntil
  case rppLateFee
  case rppLateFeeSince
  case rppCancellingWithFee
  case rppFreeCancellationUntil
  case rppPartnerTime
  // Conversations.
  case rppUnread
  case rppRead
  case rppNoMessages
  case rppNoConversation
  // `outpost sync --wait` and `--status` (Catalog+Sync.swift).
  case syncProgress
  case syncStatusRunning
  case syncStatusLastSuccess
  case syncStatusNext
  case syncStatusNextSoon
  case syncStatusWaitsForYou
  case syncStatusOffline
  case syncStatusLastError
  case syncStatusFailing
  case syncStatusParked
  case syncStatusProgress
}

enum Catalog {
  /// A key's text in `language` (English when that language lacks it). The tables are searched
  /// in order and the first with the key wins; each is a static built on first use, so a
  /// command that needs only core messages never builds the rest (they were merged into one
  /// table at the first lookup: 4 % of `outpost status`, issue 20).
  static func template(_ key: MessageKey, _ language: Language) -> String? {
    for table in tables {
      if let entry = table()[key] { return entry[language] ?? entry[.en] }
    }
    return nil
  }

  static let tables: [@Sendable () -> [MessageKey: [Language: String]]] = [
    { coreEntries }, { accountEntries }, { itemEntries }, { calendarEntries }, { notificationEntries },
    { viiraaEntries }, { rppEntries }, { agilityEntries }, { agileEntries }, { syncEntries },
    { chartEntries }, { agilitySpendingEntries }, { agilityCategoryEntries },
    { agileExpertEntries },
  ]

  static let coreEntries: [MessageKey: [Language: String]] = [
    .daemonNotRunning: [
      .en:
        "outpostd is not running (nothing listens on {0}).\nStart it with:  systemctl --user start outpostd.socket\n           or:  outpostd",
      .de:
        "outpostd läuft nicht (niemand lauscht auf {0}).\nStarten mit:  systemctl --user start outpostd.socket\n        oder:  outpostd",
      .fr:
        "outpostd n'est pas lancé (rien n'écoute sur {0}).\nLancez-le avec :  systemctl --user start outpostd.socket\n             ou :  outpostd",
      .it:
        "outpostd non è in esecuzione (nessuno ascolta su {0}).\nAvvialo con:  systemctl --user start outpostd.socket\n      oppure:  outpostd",
    ],
    .permissionDenied: [
      .en: "permission denied on {0}: the socket belongs to another user. Run your own outpostd, or pass --socket.",
      .de:
        "Zugriff verweigert auf {0}: der Socket gehört einem anderen Benutzer. Starten Sie Ihren eigenen outpostd oder geben Sie --socket an.",
      .fr:
        "accès refusé à {0} : le socket appartient à un autre utilisateur. Lancez votre propre outpostd, ou indiquez --socket.",
      .it:
        "accesso negato a {0}: il socket appartiene a un altro utente. Avvia il tuo outpostd, oppure indica --socket.",
    ],
    .socketPathTooLong: [
      .en: "the socket path is too long for a Unix socket (at most 107 bytes): {0}",
      .de: "der Socket-Pfad ist zu lang für einen Unix-Socket (höchstens 107 Bytes): {0}",
      .fr: "le chemin du socket est trop long pour un socket Unix (107 octets au plus) : {0}",
      .it: "il percorso del socket è troppo lungo per un socket Unix (al massimo 107 byte): {0}",
    ],
    .connectionLost: [
      .en: "the connection to outpostd was lost; it may have stopped (check with `outpost status`).",
      .de: "die Verbindung zu outpostd ist abgebrochen; vielleicht wurde er beendet (prüfen mit `outpost status`).",
      .fr: "la connexion à outpostd a été perdue ; il s'est peut-être arrêté (vérifiez avec `outpost status`).",
      .it: "la connessione a outpostd si è interrotta; potrebbe essersi fermato (verifica con `outpost status`).",
    ],
    .timedOut: [
      .en:
        "outpostd did not answer in time; it may be overloaded or stuck (see its log: journalctl --user -u outpostd).",
      .de:
        "outpostd hat nicht rechtzeitig geantwortet; er ist vielleicht überlastet oder hängt (siehe Protokoll: journalctl --user -u outpostd).",
      .fr:
        "outpostd n'a pas répondu à temps ; il est peut-être surchargé ou bloqué (voir son journal : journalctl --user -u outpostd).",
      .it:
        "outpostd non ha risposto in tempo; potrebbe essere sovraccarico o bloccato (vedi il suo log: journalctl --user -u outpostd).",
    ],
    .protocolMismatch: [
      .en: "{0}. Are outpost and outpostd the same version?",
      .de: "{0}. Haben outpost und outpostd dieselbe Version?",
      .fr: "{0}. outpost et outpostd sont-ils de la même version ?",
      .it: "{0}. outpost e outpostd sono della stessa versione?",
    ],
    .statusRunning: [
      .en: "outpostd {0} is running (pid {1}, up {2}, since {3})",
      .de: "outpostd {0} läuft (PID {1}, seit {2}, gestartet {3})",
      .fr: "outpostd {0} est lancé (pid {1}, depuis {2}, démarré le {3})",
      .it: "outpostd {0} è in esecuzione (pid {1}, da {2}, avviato il {3})",
    ],
    .statusSocket: [.en: "Socket:", .de: "Socket:", .fr: "Socket :", .it: "Socket:"],
    .statusStore: [.en: "Store:", .de: "Datenbank:", .fr: "Base :", .it: "Database:"],
    .statusConfig: [.en: "Config:", .de: "Konfiguration:", .fr: "Configuration :", .it: "Configurazione:"],
    .statusClients: [.en: "Clients:", .de: "Clients:", .fr: "Clients :", .it: "Client:"],
    .statusClientsValue: [
      .en: "{0} connected, {1} following events",
      .de: "{0} verbunden, {1} {1?folgt|folgen} den Ereignissen",
      .fr: "{0} {0?connecté|connectés}, {1} {1?suit|suivent} les événements",
      .it: "{0} {0?connesso|connessi}, {1} {1?segue|seguono} gli eventi",
    ],
    .statusEvents: [.en: "Events:", .de: "Ereignisse:", .fr: "Événements :", .it: "Eventi:"],
    .statusEventsValue: [
      .en: "last #{0}, {1} kept for catching up",
      .de: "letztes #{0}, {1} zum Nachholen aufbewahrt",
      .fr: "dernier n° {0}, {1} {1?conservé|conservés} pour rattraper",
      .it: "ultimo n. {0}, {1} {1?conservato|conservati} per recuperare",
    ],
    .statusHealth: [.en: "Health:", .de: "Zustand:", .fr: "État :", .it: "Stato:"],
    .statusProblem: [
      .en: "Problem with {0}:", .de: "Problem mit {0}:", .fr: "Problème avec {0} :", .it: "Problema con {0}:",
    ],
    .statusComponentStore: [.en: "store", .de: "Datenbank", .fr: "base de données", .it: "database"],
    .statusComponentRPC: [.en: "rpc", .de: "Schnittstelle", .fr: "interface", .it: "interfaccia"],
    .statusComponentEvents: [.en: "events", .de: "Ereignisse", .fr: "événements", .it: "eventi"],
    .statusComponentNotifications: [
      .en: "notifications", .de: "Benachrichtigungen", .fr: "notifications", .it: "notifiche",
    ],
    .statusComponentAccounts: [.en: "accounts", .de: "Konten", .fr: "comptes", .it: "account"],
    .statusComponentConfig: [.en: "config", .de: "Konfiguration", .fr: "configuration", .it: "configurazione"],
    .statusComponentInstance: [.en: "instance", .de: "Instanz", .fr: "instance", .it: "istanza"],
    .statusComponentRuntime: [.en: "runtime", .de: "Laufzeit", .fr: "exécution", .it: "esecuzione"],
    .statusComponentHealth: [.en: "{0} {1}", .de: "{0}: {1}", .fr: "{0} : {1}", .it: "{0}: {1}"],
    .statusHealthOk: [.en: "ok", .de: "in Ordnung", .fr: "ok", .it: "ok"],
    .statusHealthDegraded: [.en: "degraded", .de: "beeinträchtigt", .fr: "dégradé", .it: "degradato"],
    .statusHealthFailed: [.en: "failed", .de: "ausgefallen", .fr: "en panne", .it: "guasto"],
    .statusNoDetail: [
      .en: "no details; see the daemon's log",
      .de: "keine Einzelheiten; siehe das Protokoll des Dienstes",
      .fr: "pas de détails ; voir le journal du démon",
      .it: "nessun dettaglio; vedi il log del demone",
    ],
    .eventsResync: [
      .en: "Events after #{0} are no longer all kept (oldest kept: #{1}); following from #{2}.",
      .de: "Die Ereignisse nach #{0} sind nicht mehr alle vorhanden (ältestes: #{1}); es geht weiter ab #{2}.",
      .fr:
        "Les événements après le n° {0} ne sont plus tous conservés (le plus ancien : n° {1}) ; suite à partir du n° {2}.",
      .it: "Gli eventi dopo il n. {0} non sono più tutti conservati (il più vecchio: n. {1}); si prosegue dal n. {2}.",
    ],
  ]
}
