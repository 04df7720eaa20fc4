import Foundation
import OutpostModel

/// What desktop notifications say, in the user's language (de, en, fr, it). A test checks that
/// every key has every language and the same `{n}` placeholders in each.
enum NotificationText: String, CaseIterable {
  case reminderMany
  case actionNeedsYou
  case actionNeedsYouBody
  case queueReplayedOne
  case queueReplayedMany
  case queueReplayedAction
  case needsLogin
  case needsLoginBody
  case actionOpen
  case actionSnoozeMinutes
  case actionSnoozeHour
  case actionDismiss
  case foldedOpen
  case foldedSnooze
  case syncFailing
  case syncFailingBody
  case signedIn
  case signedInBody

  static let table: [NotificationText: [Language: String]] = [
    .reminderMany: [.en: "{0} reminders", .de: "{0} Erinnerungen", .fr: "{0} rappels", .it: "{0} promemoria"],
    .actionNeedsYou: [
      .en: "Not sent: {0}", .de: "Nicht gesendet: {0}", .fr: "Non envoyé : {0}", .it: "Non inviato: {0}",
    ],
    .actionNeedsYouBody: [
      .en: "{0}\nDecide with `outpost conflicts`.", .de: "{0}\nEntscheide mit `outpost conflicts`.",
      .fr: "{0}\nDécidez avec `outpost conflicts`.", .it: "{0}\nDecidi con `outpost conflicts`.",
    ],
    .queueReplayedOne: [
      .en: "Queued action sent: {0}", .de: "Vorgemerkte Aktion gesendet: {0}",
      .fr: "Action en file envoyée : {0}", .it: "Azione in coda inviata: {0}",
    ],
    .queueReplayedMany: [
      .en: "{0} queued actions sent: {1}", .de: "{0} vorgemerkte Aktionen gesendet: {1}",
      .fr: "{0} actions en file envoyées : {1}", .it: "{0} azioni in coda inviate: {1}",
    ],
    // An action whose declaration has no words of its own for it: its name and what it was done to.
    .queueReplayedAction: [.en: "{0} ({1})", .de: "{0} ({1})", .fr: "{0} ({1})", .it: "{0} ({1})"],
    .needsLogin: [
      .en: "{0} needs a new login", .de: "{0} braucht eine neue Anmeldung", .fr: "{0} demande une nouvelle connexion",
      .it: "{0} richiede un nuovo accesso",
    ],
    .needsLoginBody: [
      .en: "Run `outpost account login {0}`.", .de: "Führe `outpost account login {0}` aus.",
      .fr: "Lancez `outpost account login {0}`.", .it: "Esegui `outpost account login {0}`.",
    ],
    .actionOpen: [.en: "Open", .de: "Öffnen", .fr: "Ouvrir", .it: "Apri"],
    .actionSnoozeMinutes: [
      .en: "Snooze {0} min", .de: "{0} Min. später", .fr: "Rappeler dans {0} min", .it: "Posticipa {0} min",
    ],
    .actionSnoozeHour: [.en: "Snooze 1 h", .de: "1 Std. später", .fr: "Rappeler dans 1 h", .it: "Posticipa 1 h"],
    .actionDismiss: [.en: "Dismiss", .de: "Verwerfen", .fr: "Ignorer", .it: "Ignora"],
    .foldedOpen: [.en: "Open: {0}", .de: "Öffnen: {0}", .fr: "Ouvrir : {0}", .it: "Apri: {0}"],
    .foldedSnooze: [
      .en: "Snooze: {0}", .de: "Später erinnern: {0}", .fr: "Rappeler plus tard : {0}", .it: "Posticipa: {0}",
    ],
    .signedIn: [
      .en: "{0}: signed in", .de: "{0}: angemeldet", .fr: "{0} : connecté", .it: "{0}: accesso eseguito",
    ],
    .signedInBody: [
      .en: "The sign-in link from your mail signed {0} in; Outpost syncs it now.",
      .de: "Der Anmeldelink aus Ihrer E-Mail hat {0} angemeldet; Outpost synchronisiert jetzt.",
      .fr: "Le lien de connexion de votre e-mail a connecté {0} ; Outpost synchronise maintenant.",
      .it: "Il link di accesso della tua e-mail ha collegato {0}; Outpost sincronizza ora.",
    ],
    .syncFailing: [
      .en: "{0}: syncing fails", .de: "{0}: Synchronisieren schlägt fehl", .fr: "{0} : la synchronisation échoue",
      .it: "{0}: la sincronizzazione non riesce",
    ],
    .syncFailingBody: [
      .en: "{1}\nOutpost keeps trying. `outpost sync --full {0}` starts over now.",
      .de: "{1}\nOutpost versucht es weiter. `outpost sync --full {0}` beginnt jetzt neu.",
      .fr: "{1}\nOutpost réessaie. `outpost sync --full {0}` recommence maintenant.",
      .it: "{1}\nOutpost continua a provare. `outpost sync --full {0}` ricomincia ora.",
    ],
  ]

  func callAsFunction(_ language: Language, _ arguments: String...) -> String {
    var text = Self.table[self]?[language] ?? Self.table[self]?[.en] ?? rawValue
    for (index, argument) in arguments.enumerated() { text = text.replacing("{\(index)}", with: argument) }
    return text
  }
}
