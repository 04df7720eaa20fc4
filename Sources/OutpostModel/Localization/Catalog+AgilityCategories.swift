/// The messages of `outpost agility categories`. Category names, kinds as typed (`--kind
/// expense`), Schedule C line numbers and commands stay as they are.
extension Catalog {
  static let agilityCategoryEntries: [MessageKey: [Language: String]] = [
    .agilityCategoriesNone: [
      .en: "No categories yet: run `outpost sync` once the account is added.",
      .de: "Noch keine Kategorien: `outpost sync` ausführen, sobald das Konto angelegt ist.",
      .fr: "Pas encore de catégories : lancez `outpost sync` une fois le compte ajouté.",
      .it: "Ancora nessuna categoria: esegui `outpost sync` dopo aver aggiunto l'account.",
    ],
    .agilityCategoriesCount: [
      .en: "{0} {0?category|categories}; {1} custom of the {2} Agility allows.",
      .de: "{0} {0?Kategorie|Kategorien}; {1} eigene von {2}, die Agility erlaubt.",
      .fr: "{0} {0?catégorie|catégories} ; {1} {1?personnalisée|personnalisées} sur les {2} permises par Agility.",
      .it: "{0} {0?categoria|categorie}; {1} {1?personalizzata|personalizzate} delle {2} ammesse da Agility.",
    ],
    .agilityCategoryBuiltIn: [.en: "built-in", .de: "vorgegeben", .fr: "intégrée", .it: "predefinita"],
    .agilityCategoryCustom: [.en: "custom", .de: "eigene", .fr: "perso", .it: "propria"],
    .agilityCategoryArchived: [.en: "archived", .de: "archiviert", .fr: "archivée", .it: "archiviata"],
    .agilityCategoryLine: [
      .en: "Schedule C line {0}", .de: "Schedule C Zeile {0}", .fr: "Schedule C ligne {0}", .it: "Schedule C riga {0}",
    ],
    .agilityCategoryKindExpense: [.en: "expense", .de: "Ausgabe", .fr: "dépense", .it: "spesa"],
    .agilityCategoryKindIncome: [.en: "income", .de: "Einnahme", .fr: "recette", .it: "entrata"],
    .agilityCategoryKindPersonal: [.en: "personal", .de: "privat", .fr: "personnel", .it: "personale"],
    .agilityCategoryKindTransfer: [.en: "transfer", .de: "Umbuchung", .fr: "virement", .it: "giroconto"],
    .agilityCategoryKindTaxPayment: [
      .en: "tax payment", .de: "Steuerzahlung", .fr: "paiement d'impôt", .it: "pagamento d'imposta",
    ],
    .agilityCategoryNoName: [
      .en: "A category needs a name.", .de: "Eine Kategorie braucht einen Namen.",
      .fr: "Une catégorie a besoin d'un nom.", .it: "Una categoria ha bisogno di un nome.",
    ],
    .agilityCategoryKinds: [
      .en: "--kind is expense, income, personal, transfer or tax_payment.",
      .de: "--kind ist expense, income, personal, transfer oder tax_payment.",
      .fr: "--kind vaut expense, income, personal, transfer ou tax_payment.",
      .it: "--kind è expense, income, personal, transfer o tax_payment.",
    ],
    .agilityCategoryLines: [
      .en: "--line is a line of Schedule C: 1, 8 to 27b, or 30 (e.g. 27b for other expenses).",
      .de: "--line ist eine Zeile von Schedule C: 1, 8 bis 27b oder 30 (z. B. 27b für sonstige Ausgaben).",
      .fr: "--line est une ligne du Schedule C : 1, 8 à 27b ou 30 (p. ex. 27b pour les autres dépenses).",
      .it: "--line è una riga dello Schedule C: 1, da 8 a 27b o 30 (ad es. 27b per le altre spese).",
    ],
    .agilityCategoryExists: [
      .en: "There is a category \"{0}\" already (names are unique, whatever the case).",
      .de: "Die Kategorie „{0}“ gibt es schon (Namen sind eindeutig, gleich welche Schreibung).",
      .fr: "La catégorie « {0} » existe déjà (les noms sont uniques, casse comprise).",
      .it: "La categoria «{0}» esiste già (i nomi sono unici, maiuscole o no).",
    ],
    .agilityCategoryLimit: [
      .en:
        "Agility keeps at most {0} custom categories and you have {1}: archive one in Agility's web app, run `outpost sync`, then add again.",
      .de:
        "Agility erlaubt höchstens {0} eigene Kategorien und Sie haben {1}: eine in der Web-App von Agility archivieren, `outpost sync` ausführen, dann erneut anlegen.",
      .fr:
        "Agility garde au plus {0} catégories personnalisées et vous en avez {1} : archivez-en une dans l'application web d'Agility, lancez `outpost sync`, puis ajoutez à nouveau.",
      .it:
        "Agility ammette al massimo {0} categorie personalizzate e ne hai {1}: archiviane una nell'app web di Agility, esegui `outpost sync`, poi aggiungi di nuovo.",
    ],
    .agilityCategoryAdded: [
      .en: "Added the category \"{0}\" ({1} custom of {2}).",
      .de: "Kategorie „{0}“ angelegt ({1} eigene von {2}).",
      .fr: "Catégorie « {0} » ajoutée ({1} personnalisées sur {2}).",
      .it: "Categoria «{0}» aggiunta ({1} personalizzate su {2}).",
    ],
  ]
}
