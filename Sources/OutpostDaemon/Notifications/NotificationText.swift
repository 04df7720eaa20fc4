import Foundation
import OutpostModel

/// What desktop notifications say, in the user's language (de, en, fr, it). A test checks that
/// every key has every language and the same `{n}` placeholders in each.
enum NotificationText: String, CaseIterable {
  case reminderMany
  case newAssignment
  case newAssignments
  case timeChanged
  case venueChanged
  case changedMany
  case cancelled
  case cancelledMany
  case exchangeTaken
  case actionNeedsYou
  case actionNeedsYouBody
  case needsLogin
  case needsLoginBody
  case actionOpen
  case actionSnoozeMinutes
  case actionSnoozeHour
  case actionDismiss
  case foldedOpen
  case foldedSnooze

  static let table: [NotificationText: [Language: String]] = [
    .reminderMany: [.en: "{0} reminders", .de: "{0} Erinnerungen", .fr: "{0} rappels", .it: "{0} promemoria"],
    .newAssignment: [
      .en: "New assignment: {0}", .de: "Neues Aufgebot: {0}", .fr: "Nouvelle convocation : {0}",
      .it: "Nuova designazione: {0}",
    ],
    .newAssignments: [
      .en: "{0} new assignments", .de: "{0} neue Aufgebote", .fr: "{0} nouvelles convocations",
      .it: "{0} nuove designazioni",
    ],
    .timeChanged: [
      .en: "Time changed: {0}", .de: "Neue Zeit: {0}", .fr: "Horaire modifié : {0}", .it: "Orario cambiato: {0}",
    ],
    .venueChanged: [
      .en: "Venue changed: {0}", .de: "Neuer Spielort: {0}", .fr: "Lieu modifié : {0}", .it: "Luogo cambiato: {0}",
    ],
    .changedMany: [
      .en: "{0} assignments changed", .de: "{0} Aufgebote geändert", .fr: "{0} convocations modifiées",
      .it: "{0} designazioni cambiate",
    ],
    .cancelled: [.en: "Cancelled: {0}", .de: "Abgesagt: {0}", .fr: "Annulé : {0}", .it: "Annullato: {0}"],
    .cancelledMany: [
      .en: "{0} games cancelled", .de: "{0} Spiele abgesagt", .fr: "{0} matchs annulés", .it: "{0} partite annullate",
    ],
    .exchangeTaken: [
      .en: "Your exchange offer was taken: {0}", .de: "Dein Tauschangebot wurde übernommen: {0}",
      .fr: "Votre offre d'échange a été reprise : {0}", .it: "La tua offerta di scambio è stata presa: {0}",
    ],
    .actionNeedsYou: [
      .en: "Not sent: {0}", .de: "Nicht gesendet: {0}", .fr: "Non envoyé : {0}", .it: "Non inviato: {0}",
    ],
    .actionNeedsYouBody: [
      .en: "{0}\nDecide with `outpost conflicts`.", .de: "{0}\nEntscheide mit `outpost conflicts`.",
      .fr: "{0}\nDécidez avec `outpost conflicts`.", .it: "{0}\nDecidi con `outpost conflicts`.",
    ],
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
  ]

  func callAsFunction(_ language: Language, _ arguments: String...) -> String {
    var text = Self.table[self]?[language] ?? Self.table[self]?[.en] ?? rawValue
    for (index, argument) in arguments.enumerated() { text = text.replacing("{\(index)}", with: argument) }
    return text
  }
}
