import OutpostModel

extension ItemKind {
  /// An expert the user follows at an Agile Network brand.
  public static let expert = ItemKind(rawValue: "expert")
  /// A video or article by a followed expert (Agile Network), newest first in the feed.
  public static let content = ItemKind(rawValue: "content")
  /// A paid subscription to an expert (Agile Network): price, status, next billing date.
  public static let subscription = ItemKind(rawValue: "subscription")
  /// A brand-wide offer (Agile Network).
  public static let promotion = ItemKind(rawValue: "promotion")
  /// The account's notification settings at the brand (Agile Network): one item.
  public static let notificationSettings = ItemKind(rawValue: "notification-settings")
}

/// How the Agile Network's items show and what news they give (agile-network.md §6, the PD's
/// notification texts). New content is news only after the account's first sync, so thirty
/// days of history arrive quietly; a subscription's renewal is a deadline the reminders take.
enum AgileKinds {
  /// When many arrive in one sync, videos and articles alike.
  static let newFromFollowed = LocalizedText(
    en: "{0} new from people you follow", de: "{0} Neue von Leuten, denen du folgst",
    fr: "{0} nouveautés de personnes que vous suivez", it: "{0} novità da chi segui")

  static let declarations: [ItemKindDeclaration] = [
    ItemKindDeclaration(
      .expert, noun: "expert", appointment: false, subtitle: ["category", "subscribers"],
      nouns: LocalizedText(en: "expert", de: "Experte", fr: "expert", it: "esperto")),
    ItemKindDeclaration(
      .content, noun: "content", appointment: false, subtitle: ["expert", "kindLabel"],
      announcements: [
        ChangeAnnouncement(
          category: "new-content", on: [.new], onlyWhen: ["type": "video"],
          summary: LocalizedText(
            en: "New video: {0}", de: "Neues Video: {0}", fr: "Nouvelle vidéo : {0}", it: "Nuovo video: {0}"),
          grouped: newFromFollowed,
          headline: "expert"),
        ChangeAnnouncement(
          category: "new-content", on: [.new], onlyWhen: ["type": "article"],
          summary: LocalizedText(
            en: "New article: {0}", de: "Neuer Artikel: {0}", fr: "Nouvel article : {0}", it: "Nuovo articolo: {0}"),
          grouped: newFromFollowed,
          headline: "expert"),
      ], nouns: LocalizedText(en: "content", de: "Inhalt", fr: "contenu", it: "contenuto")),
    ItemKindDeclaration(
      .subscription, noun: "subscription", appointment: false, subtitle: ["statusLabel", "billing"],
      valueLabels: ["statusLabel": subscriptionStatusLabels],
      amount: AmountField(valueKey: "price", currencyKey: "currency", currency: "USD"),
      announcements: [
        // First match wins: an ending (gone from the list, or expired) before a status change.
        ChangeAnnouncement(
          category: "subscription-updates", on: [.gone],
          summary: LocalizedText(
            en: "Subscription ended: {0}", de: "Abo beendet: {0}", fr: "Abonnement terminé : {0}",
            it: "Abbonamento terminato: {0}")),
        ChangeAnnouncement(
          category: "subscription-updates", on: [.changed(fields: ["details.status"])], onlyWhen: ["status": "grace"],
          summary: LocalizedText(
            en: "Payment failed: {0}", de: "Zahlung fehlgeschlagen: {0}", fr: "Paiement refusé : {0}",
            it: "Pagamento non riuscito: {0}")),
        ChangeAnnouncement(
          category: "subscription-updates", on: [.changed(fields: ["details.status"])],
          onlyWhen: ["status": "canceled_at_period_end"],
          summary: LocalizedText(
            en: "Subscription cancelled: {0}", de: "Abo gekündigt: {0}", fr: "Abonnement résilié : {0}",
            it: "Abbonamento disdetto: {0}")),
        ChangeAnnouncement(
          category: "subscription-updates", on: [.changed(fields: ["details.status"])], onlyWhen: ["status": "active"],
          summary: LocalizedText(
            en: "Subscription renewed: {0}", de: "Abo verlängert: {0}", fr: "Abonnement renouvelé : {0}",
            it: "Abbonamento rinnovato: {0}")),
      ],
      nouns: LocalizedText(en: "subscription", de: "Abo", fr: "abonnement", it: "abbonamento"),
      deadlineLabels: [
        "renewal": LocalizedText(
          en: "before it renews", de: "vor der Verlängerung", fr: "avant le renouvellement", it: "prima del rinnovo")
      ]),
    ItemKindDeclaration(
      .promotion, noun: "offer", appointment: false, subtitle: ["body"],
      announcements: [
        ChangeAnnouncement(
          category: "promotions", on: [.new],
          summary: LocalizedText(en: "Offer: {0}", de: "Angebot: {0}", fr: "Offre : {0}", it: "Offerta: {0}"))
      ], nouns: LocalizedText(en: "offer", de: "Angebot", fr: "offre", it: "offerta")),
    // The brand's own toggles (agile-network.md §6): one it has off keeps that category off
    // this desktop too; `outpost agile notifications` changes them there.
    ItemKindDeclaration(
      .notificationSettings, noun: "notification settings", appointment: false,
      categorySwitches: [
        "newContent": "new-content", "subscriptionUpdates": "subscription-updates", "promotions": "promotions",
      ], switchAction: .agileNotifications,
      nouns: LocalizedText(
        en: "notification settings", de: "Benachrichtigungseinstellungen", fr: "réglages des notifications",
        it: "impostazioni delle notifiche")),
  ]

  /// The words for a subscription's status, by the label the items keep (`AgileItems.statusLabel`).
  static let subscriptionStatusLabels: [String: LocalizedText] = [
    "active": LocalizedText(en: "active", de: "aktiv", fr: "actif", it: "attivo"),
    "payment failed, in grace period": LocalizedText(
      en: "payment failed, in grace period", de: "Zahlung fehlgeschlagen, in der Nachfrist",
      fr: "paiement refusé, en période de grâce", it: "pagamento non riuscito, nel periodo di tolleranza"),
    "cancelled, ends with the period": LocalizedText(
      en: "cancelled, ends with the period", de: "gekündigt, endet mit der Laufzeit",
      fr: "résilié, prend fin avec la période", it: "disdetto, termina con il periodo"),
    "expired": LocalizedText(en: "expired", de: "abgelaufen", fr: "expiré", it: "scaduto"),
  ]
}
