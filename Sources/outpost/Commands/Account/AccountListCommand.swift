import ArgumentParser
import OutpostModel
import OutpostRPC

struct AccountListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the accounts and their states.")

  @OptionGroup var global: GlobalOptions

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(AccountsList.self, NoParams())
      if global.json {
        Terminal.printJSON(result)
      } else if result.accounts.isEmpty {
        print(localized(.accountNone))
      } else {
        let header = localized(.accountColumns).split(separator: "|").map(String.init)
        let rows = result.accounts.map { account in
          [account.name, account.kind, account.username ?? "–", AccountText.state(account)]
        }
        print(AccountText.table(header: header, rows: rows))
      }
    }
  }
}
