import OutpostModel

extension ItemKind {
  /// An invoice to a client (Agility), dated on its due day.
  public static let invoice = ItemKind(rawValue: "invoice")
  /// A bank, card, cash or manual transaction (Agility).
  public static let moneyTransaction = ItemKind(rawValue: "transaction")
  /// A bank, card or cash account with its balance and connection state (Agility).
  public static let bankAccount = ItemKind(rawValue: "bank-account")
  /// A category transactions are filed under, with its Schedule C line (Agility).
  public static let moneyCategory = ItemKind(rawValue: "category")
  /// A client invoices go to (Agility).
  public static let invoiceClient = ItemKind(rawValue: "client")
  /// A quarterly estimated-tax installment (Form 1040-ES), computed here (Agility).
  public static let taxInstallment = ItemKind(rawValue: "tax-installment")
}

/// How Agility's items show and what news they give. Invoices and tax installments are
/// appointments: an all-day event on the due day in the calendars, reminded at 09:00 local
/// through deadlines the connector computes (agility.md §3, §4.3). Transactions, accounts,
/// categories and clients are data.
enum AgilityKinds {
  static let usd = "USD"

  /// An invoice's effective status (`AgilityInvoiceStatus.State`) in each language.
  static let invoiceStates: [String: LocalizedText] = [
    "draft": LocalizedText(en: "draft", de: "Entwurf", fr: "brouillon", it: "bozza"),
    "sent": LocalizedText(en: "sent", de: "versendet", fr: "envoyée", it: "inviata"),
    "viewed": LocalizedText(en: "viewed", de: "angesehen", fr: "consultée", it: "vista"),
    "paid": LocalizedText(en: "paid", de: "bezahlt", fr: "payée", it: "pagata"),
    "overdue": LocalizedText(en: "overdue", de: "überfällig", fr: "en retard", it: "scaduta"),
  ]

  /// A bank connection's state (agility.md §2) in each language.
  static let connectionStates: [String: LocalizedText] = [
    "ok": LocalizedText(en: "connected", de: "verbunden", fr: "connecté", it: "connesso"),
    "needs_reauth": LocalizedText(
      en: "needs a new sign-in", de: "braucht eine neue Anmeldung", fr: "à reconnecter", it: "da ricollegare"),
    "disconnected": LocalizedText(en: "disconnected", de: "getrennt", fr: "déconnecté", it: "scollegato"),
    "error": LocalizedText(en: "failing", de: "gestört", fr: "en erreur", it: "in errore"),
  ]

  /// A category's kind in each language.
  static let categoryKinds: [String: LocalizedText] = [
    "income": LocalizedText(en: "income", de: "Einnahme", fr: "recette", it: "entrata"),
    "expense": LocalizedText(en: "expense", de: "Ausgabe", fr: "dépense", it: "spesa"),
    "transfer": LocalizedText(en: "transfer", de: "Umbuchung", fr: "virement", it: "trasferimento"),
    "tax_payment": LocalizedText(
      en: "tax payment", de: "Steuerzahlung", fr: "paiement d'impôt", it: "pagamento d'imposta"),
    "personal": LocalizedText(en: "personal", de: "privat", fr: "personnel", it: "personale"),
  ]

  static let declarations: [ItemKindDeclaration] = [
    ItemKindDeclaration(
      .invoice, noun: "invoice", appointment: true, subtitle: ["client", "state"],
      valueLabels: ["state": invoiceStates], amount: AmountField(valueKey: "open", currency: usd),
      announcements: [
        // Paid (here or by the client) takes it off the reminders: say so once.
        ChangeAnnouncement(
          category: "invoice-paid", on: [.gone], onlyWhen: ["status": "paid"],
          summary: LocalizedText(en: "Paid: {0}", de: "Bezahlt: {0}", fr: "Payée : {0}", it: "Pagata: {0}"))
      ],
      // Seven tax years (agility.md), and never while it is open: it is still owed.
      retention: ItemRetention(.taxYears(7), keptWhile: [.active]),
      nouns: LocalizedText(en: "invoice", de: "Rechnung", fr: "facture", it: "fattura"),
      fields: [
        DetailField("number", LocalizedText(en: "number", de: "Nummer", fr: "numéro", it: "numero")),
        DetailField("issueDate", LocalizedText(en: "issued", de: "ausgestellt", fr: "émise le", it: "emessa il"), .day),
        DetailField("dueDate", LocalizedText(en: "due", de: "fällig", fr: "échéance", it: "scadenza"), .day),
        DetailField("total", LocalizedText(en: "total", de: "Total", fr: "total", it: "totale"), .money),
        DetailField("amountPaid", LocalizedText(en: "paid", de: "bezahlt", fr: "payé", it: "pagato"), .money),
        DetailField("notes", LocalizedText(en: "notes", de: "Notizen", fr: "notes", it: "note")),
      ],
      deadlineLabels: [
        "due-in-3": LocalizedText(
          en: "due in 3 days", de: "in 3 Tagen fällig", fr: "échéance dans 3 jours", it: "scade tra 3 giorni"),
        "due": LocalizedText(en: "due today", de: "heute fällig", fr: "échéance aujourd'hui", it: "scade oggi"),
        "overdue": LocalizedText(en: "overdue", de: "überfällig", fr: "en retard", it: "scaduta"),
        "overdue-week-": LocalizedText(
          en: "overdue, week {0}", de: "überfällig, Woche {0}", fr: "en retard, semaine {0}",
          it: "scaduta, settimana {0}"),
      ],
      titles: [
        LocalizedText(
          en: "Invoice {number} · {client}", de: "Rechnung {number} · {client}", fr: "Facture {number} · {client}",
          it: "Fattura {number} · {client}"),
        LocalizedText(en: "Invoice {number}", de: "Rechnung {number}", fr: "Facture {number}", it: "Fattura {number}"),
      ]),
    ItemKindDeclaration(
      .moneyTransaction, noun: "transaction", appointment: false, subtitle: ["category", "account"],
      amount: AmountField(valueKey: "amount", currency: usd), retention: .taxRecords,
      nouns: LocalizedText(en: "transaction", de: "Buchung", fr: "opération", it: "movimento"),
      fields: [
        DetailField("merchant", LocalizedText(en: "merchant", de: "Händler", fr: "commerçant", it: "esercente")),
        DetailField(
          "descriptionRaw",
          LocalizedText(en: "bank text", de: "Buchungstext", fr: "libellé bancaire", it: "causale bancaria")),
        DetailField("date", LocalizedText(en: "date", de: "Datum", fr: "date", it: "data"), .day),
      ]),
    ItemKindDeclaration(
      .bankAccount, noun: "account", appointment: false, subtitle: ["institution", "connectionStatus"],
      valueLabels: ["connectionStatus": connectionStates], amount: AmountField(valueKey: "balance", currency: usd),
      announcements: [
        ChangeAnnouncement(
          category: "bank-reconnect", on: [.changed(fields: ["details"])],
          onlyWhen: ["connectionStatus": "needs_reauth"],
          summary: LocalizedText(
            en: "Reconnect your bank in Agility: {0}", de: "Bank in Agility neu verbinden: {0}",
            fr: "Reconnectez votre banque dans Agility : {0}", it: "Ricollega la banca in Agility: {0}"))
      ], nouns: LocalizedText(en: "account", de: "Konto", fr: "compte", it: "conto")),
    ItemKindDeclaration(
      .moneyCategory, noun: "category", appointment: false, subtitle: ["kind", "scheduleCLine"],
      valueLabels: ["kind": categoryKinds],
      nouns: LocalizedText(en: "category", de: "Kategorie", fr: "catégorie", it: "categoria")),
    ItemKindDeclaration(
      .invoiceClient, noun: "client", appointment: false, subtitle: ["company", "email"],
      nouns: LocalizedText(en: "client", de: "Kunde", fr: "client", it: "cliente")),
    ItemKindDeclaration(
      // Its figures as fields in the reader's words; "suggestedText" and "estimateLabel" are English.
      .taxInstallment, noun: "tax installment", appointment: true,
      amount: AmountField(valueKey: "suggested", currency: usd), retention: .taxRecords,
      nouns: LocalizedText(
        en: "tax installment", de: "Steuerrate", fr: "acompte d'impôt", it: "acconto d'imposta"),
      fields: [
        DetailField("paid", LocalizedText(en: "paid", de: "bezahlt", fr: "payé", it: "versato"), .money),
        DetailField(
          "selfEmploymentOnly",
          LocalizedText(en: "SE tax only", de: "nur SE-Steuer", fr: "impôt SE seul", it: "solo imposta SE"), .yesNo),
      ],
      deadlineLabels: [
        "tax-in-14": LocalizedText(
          en: "due in 14 days", de: "in 14 Tagen fällig", fr: "échéance dans 14 jours", it: "scade tra 14 giorni"),
        "tax-in-3": LocalizedText(
          en: "due in 3 days", de: "in 3 Tagen fällig", fr: "échéance dans 3 jours", it: "scade tra 3 giorni"),
        "tax-due": LocalizedText(en: "due today", de: "heute fällig", fr: "échéance aujourd'hui", it: "scade oggi"),
        "tax-underpaid": LocalizedText(
          en: "possibly underpaid", de: "womöglich zu wenig bezahlt", fr: "peut-être insuffisant",
          it: "forse versato troppo poco"),
      ],
      titles: [
        LocalizedText(
          en: "Estimated tax Q{quarter} {year}", de: "Geschätzte Steuer Q{quarter} {year}",
          fr: "Impôt estimé T{quarter} {year}", it: "Imposta stimata T{quarter} {year}")
      ]),
  ]
}
