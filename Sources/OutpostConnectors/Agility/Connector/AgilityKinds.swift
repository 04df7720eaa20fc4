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

  static let declarations: [ItemKindDeclaration] = [
    ItemKindDeclaration(
      .invoice, noun: "invoice", appointment: true, subtitle: ["client", "statusLabel"],
      amount: AmountField(valueKey: "open", currency: usd),
      announcements: [
        // Paid (here or by the client) takes it off the reminders: say so once.
        ChangeAnnouncement(
          category: "invoice-paid", on: [.gone], onlyWhen: ["status": "paid"],
          summary: LocalizedText(en: "Paid: {0}", de: "Bezahlt: {0}", fr: "Payée : {0}", it: "Pagata: {0}"))
      ],
      // Seven tax years (agility.md), and never while it is open: it is still owed.
      retention: ItemRetention(.taxYears(7), keptWhile: [.active])),
    ItemKindDeclaration(
      .moneyTransaction, noun: "transaction", appointment: false, subtitle: ["category", "account"],
      amount: AmountField(valueKey: "amount", currency: usd), retention: .taxRecords),
    ItemKindDeclaration(
      .bankAccount, noun: "account", appointment: false, subtitle: ["institution", "connectionStatus"],
      amount: AmountField(valueKey: "balance", currency: usd),
      announcements: [
        ChangeAnnouncement(
          category: "bank-reconnect", on: [.changed(fields: ["details"])],
          onlyWhen: ["connectionStatus": "needs_reauth"],
          summary: LocalizedText(
            en: "Reconnect your bank in Agility: {0}", de: "Bank in Agility neu verbinden: {0}",
            fr: "Reconnectez votre banque dans Agility : {0}", it: "Ricollega la banca in Agility: {0}"))
      ]),
    ItemKindDeclaration(.moneyCategory, noun: "category", appointment: false, subtitle: ["kind", "scheduleCLine"]),
    ItemKindDeclaration(.invoiceClient, noun: "client", appointment: false, subtitle: ["company", "email"]),
    ItemKindDeclaration(
      .taxInstallment, noun: "tax installment", appointment: true, subtitle: ["suggestedText", "estimateLabel"],
      amount: AmountField(valueKey: "suggested", currency: usd), retention: .taxRecords),
  ]
}
