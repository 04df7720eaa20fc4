/// The messages of a chart a view drew and the CLI writes to a file (a service command's
/// `--output`).
extension Catalog {
  static let chartEntries: [MessageKey: [Language: String]] = [
    .chartNotSent: [
      .en: "The daemon sent no chart", .de: "Der Dienst hat kein Diagramm geschickt",
      .fr: "Le démon n'a envoyé aucun graphique", .it: "Il demone non ha inviato alcun grafico",
    ],
    .chartCannotWrite: [
      .en: "Cannot write {0}: {1}", .de: "{0} kann nicht geschrieben werden: {1}",
      .fr: "Impossible d'écrire {0} : {1}", .it: "Impossibile scrivere {0}: {1}",
    ],
  ]
}
