import OutpostModel

/// What RPP's items are and the news they give (rpp.md §4.6 as desktop notifications): each
/// step of a shoot once, from the order's `stage` detail changing, so a sync that sees several
/// steps at once tells each, and a re-sync tells nothing.
extension RPPConnector {
  static let orderDeclaration = ItemKindDeclaration(
    .order, noun: "shoot", appointment: true, subtitle: ["orderNumber", "stage", "photographer"],
    valueLabels: ["stage": stageLabels],
    amount: AmountField(valueKey: "price", currencyKey: "currency", currency: "USD"), startReminders: true,
    // The evening a shoot is prepared: 18:00 the day before, unless the user sets a time for all.
    eveningBefore: "18:00",
    announcements: [
      ChangeAnnouncement(
        category: "booking-confirmed", on: [.new, .changed(fields: ["details.stage"])],
        onlyWhen: ["stage": "scheduled"],
        summary: LocalizedText(
          en: "Shoot confirmed: {0}", de: "Shooting bestätigt: {0}", fr: "Séance confirmée : {0}",
          it: "Servizio confermato: {0}")),
      ChangeAnnouncement(
        category: "booking-changed", on: [.changed(fields: ["time"])],
        summary: LocalizedText(
          en: "Shoot moved: {0}", de: "Shooting verschoben: {0}", fr: "Séance déplacée : {0}",
          it: "Servizio spostato: {0}")),
      ChangeAnnouncement(
        category: "booking-cancelled", on: [.cancelled],
        summary: LocalizedText(
          en: "Shoot cancelled: {0}", de: "Shooting abgesagt: {0}", fr: "Séance annulée : {0}",
          it: "Servizio annullato: {0}")),
      ChangeAnnouncement(
        category: "photographer", on: [.changed(fields: ["details.stage"])], onlyWhen: ["stage": "assigned"],
        summary: LocalizedText(
          en: "Photographer assigned: {0}", de: "Fotograf zugeteilt: {0}", fr: "Photographe désigné : {0}",
          it: "Fotografo assegnato: {0}")),
      ChangeAnnouncement(
        category: "photographer", on: [.changed(fields: ["details.stage"])], onlyWhen: ["stage": "en_route"],
        summary: LocalizedText(
          en: "Photographer on the way: {0}", de: "Fotograf unterwegs: {0}", fr: "Photographe en route : {0}",
          it: "Fotografo in arrivo: {0}")),
      ChangeAnnouncement(
        category: "photographer", on: [.changed(fields: ["details.stage"])], onlyWhen: ["stage": "arrived"],
        summary: LocalizedText(
          en: "Photographer arrived: {0}", de: "Fotograf angekommen: {0}", fr: "Photographe arrivé : {0}",
          it: "Fotografo arrivato: {0}")),
      ChangeAnnouncement(
        category: "delivered", on: [.changed(fields: ["details.stage"])], onlyWhen: ["stage": "delivered"],
        summary: LocalizedText(
          en: "Photos ready: {0}", de: "Fotos bereit: {0}", fr: "Photos prêtes : {0}", it: "Foto pronte: {0}"),
        // The photos come after the shoot, by nature.
        evenAfterEnd: true,
        openLabel: LocalizedText(
          en: "Open photos", de: "Fotos öffnen", fr: "Ouvrir les photos", it: "Apri le foto")),
    ],
    nouns: LocalizedText(en: "shoot", de: "Shooting", fr: "séance", it: "servizio"),
    // Also the lines of its calendar event (the connector's own description is English).
    fields: [
      DetailField(
        "orderNumber", LocalizedText(en: "order", de: "Auftrag", fr: "commande", it: "ordine"), calendar: true),
      DetailField("stage", LocalizedText(en: "status", de: "Stand", fr: "état", it: "stato"), calendar: true),
      DetailField(
        "photographer", LocalizedText(en: "photographer", de: "Fotograf", fr: "photographe", it: "fotografo"),
        calendar: true),
      DetailField(
        "accessInstructions", LocalizedText(en: "access", de: "Zugang", fr: "accès", it: "accesso"), calendar: true),
      DetailField("notes", LocalizedText(en: "notes", de: "Notizen", fr: "notes", it: "note"), calendar: true),
      DetailField("deliveryURL", LocalizedText(en: "photos", de: "Fotos", fr: "photos", it: "foto"), calendar: true),
      DetailField("mapLink", LocalizedText(en: "map", de: "Karte", fr: "carte", it: "mappa"), calendar: true),
    ])

  /// The words for a shoot's stage (`RPPItems.stage`: the order's status, refined while it is
  /// scheduled).
  static let stageLabels: [String: LocalizedText] = [
    "pending": LocalizedText(en: "pending", de: "ausstehend", fr: "en attente", it: "in attesa"),
    "scheduled": LocalizedText(en: "scheduled", de: "geplant", fr: "planifiée", it: "pianificato"),
    "assigned": LocalizedText(
      en: "photographer assigned", de: "Fotograf zugeteilt", fr: "photographe attribué", it: "fotografo assegnato"),
    "en_route": LocalizedText(
      en: "photographer on the way", de: "Fotograf unterwegs", fr: "photographe en route", it: "fotografo in arrivo"),
    "arrived": LocalizedText(
      en: "photographer arrived", de: "Fotograf angekommen", fr: "photographe arrivé", it: "fotografo arrivato"),
    "in_progress": LocalizedText(en: "in progress", de: "läuft", fr: "en cours", it: "in corso"),
    "completed": LocalizedText(en: "completed", de: "abgeschlossen", fr: "terminée", it: "completato"),
    "delivered": LocalizedText(
      en: "photos delivered", de: "Fotos geliefert", fr: "photos livrées", it: "foto consegnate"),
    "cancelled": LocalizedText(en: "cancelled", de: "abgesagt", fr: "annulée", it: "annullato"),
  ]

  static let conversationDeclaration = ItemKindDeclaration(
    .conversation, noun: "conversation", appointment: false, subtitle: ["lastMessage"], unreadKey: "unreadCount",
    nouns: LocalizedText(en: "conversation", de: "Unterhaltung", fr: "conversation", it: "conversazione"),
    titles: [
      LocalizedText(
        en: "Conversation with {with}", de: "Unterhaltung mit {with}", fr: "Conversation avec {with}",
        it: "Conversazione con {with}")
    ])

  static let messageDeclaration = ItemKindDeclaration(
    .message, noun: "message", appointment: false,
    announcements: [
      ChangeAnnouncement(
        category: "new-message", on: [.new], onlyWhen: ["fromMe": false],
        summary: LocalizedText(
          en: "New message: {0}", de: "Neue Nachricht: {0}", fr: "Nouveau message : {0}", it: "Nuovo messaggio: {0}"),
        grouped: LocalizedText(
          en: "{0} new messages", de: "{0} neue Nachrichten", fr: "{0} nouveaux messages", it: "{0} nuovi messaggi"))
    ],
    // "Reply" opens the conversation in a terminal, where `outpost rpp send` answers it.
    notificationButtons: [
      NotificationButton(
        key: "reply", command: "outpost rpp messages {conversationId}",
        label: LocalizedText(en: "Reply", de: "Antworten", fr: "Répondre", it: "Rispondi"))
    ], nouns: LocalizedText(en: "message", de: "Nachricht", fr: "message", it: "messaggio"))

  /// RPP's own notification centre (rpp.md §4.6), mirrored for its read state only: read on
  /// the phone is read here, read here is read there (`PATCH /notifications/:id/read`). Each
  /// type pairs with what Outpost tells of the same change; the day-before reminder with
  /// Outpost's own reminder of the shoot.
  static let noticeDeclaration = ItemKindDeclaration(
    .notice, noun: "RPP notification", appointment: false, subtitle: ["body"],
    mirrorsNotifications: NotificationMirror(
      references: [.init("orderId", .order), .init("conversationId", .conversation)], typeKey: "type",
      categories: [
        "booking_confirmed": ["booking-confirmed"], "booking_changed": ["booking-changed"],
        "booking_cancelled": ["booking-cancelled"], "appointment_reminder": ["reminder"],
        "photographer_en_route": ["photographer"], "photographer_arrived": ["photographer"],
        "order_status_updated": ["delivered"], "new_message": ["new-message"],
      ], readKey: "read", createdKey: "createdAt", readAction: .rppNoticeRead),
    nouns: LocalizedText(
      en: "RPP notification", de: "RPP-Benachrichtigung", fr: "notification RPP", it: "notifica RPP"))

  static let linkSchemes = [
    LinkScheme(
      "rpp", appName: "RPP", paths: ["order", "message"],
      starts: ["book": "outpost rpp availability {serviceId} --date YYYY-MM-DD"])
  ]
}
