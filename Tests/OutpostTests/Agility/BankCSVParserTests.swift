import Foundation
import OutpostConnectors
import Testing

/// agility.md §5.2 and §5.3: reading bank exports into signed cents, dates and fingerprints.
@Suite struct BankCSVParserTests {
  private func parse(_ text: String, profile: BankCSVProfile? = nil, invertSign: Bool? = nil) throws -> BankCSVFile {
    try BankCSVParser.parse(Array(text.utf8), accountID: "acct-1", profile: profile, invertSign: invertSign)
  }

  private func refusal(_ bytes: [UInt8]) -> BankCSVRefusal? {
    do {
      _ = try BankCSVParser.parse(bytes, accountID: "acct-1", profile: nil, invertSign: nil)
      return nil
    } catch {
      return error
    }
  }

  @Test func chaseCheckingUsesDescriptionNotDetails() throws {
    let file = try parse(
      """
      Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #
      DEBIT,01/15/2026,STARBUCKS STORE #12345 SEATTLE WA,-4.50,DEBIT_CARD,995.50,,
      CREDIT,01/14/2026,ACME LLC PAYMENT,1000.00,ACH_CREDIT,1000.00,,

      """)
    #expect(file.rows.count == 2)
    #expect(file.rows[0].description == "STARBUCKS STORE #12345 SEATTLE WA")
    #expect(file.rows[0].normalised == "STARBUCKS STORE SEATTLE WA")
    #expect(file.rows[0].amountCents == -450)
    #expect(file.rows[0].date == BankDate(year: 2026, month: 1, day: 15))
    #expect(file.rows[0].line == 2)
    #expect(file.rows[0].balanceCents == 99_550)
    #expect(file.rows[1].amountCents == 100_000)
    #expect(file.profile.description == "Description")
    #expect(file.profile.date == "Posting Date")
    #expect(file.profile.balance == "Balance")
    #expect(file.newestFirst)
    #expect(file.balanceWarnings.isEmpty)
    #expect(file.newestBalance == BankCSVBalance(cents: 99_550, date: BankDate(iso: "2026-01-15")!, line: 2))
  }

  /// The fingerprint string of §5.3, hashed by `sha256sum` outside Swift:
  /// `v1|acct-1|2026-01-15|-4.50|STARBUCKS STORE SEATTLE WA|1` (and `|2`).
  @Test func fingerprintAndOccurrence() throws {
    let file = try parse(
      """
      Date,Description,Amount
      01/15/2026,STARBUCKS STORE #12345 SEATTLE WA,-4.50
      01/15/2026,STARBUCKS STORE SEATTLE WA,-4.51
      01/15/2026,Starbucks Store 67890 Seattle WA,-4.50
      01/16/2026,STARBUCKS STORE SEATTLE WA,-4.50

      """)
    #expect(file.rows.map(\.occurrence) == [1, 1, 2, 1])
    #expect(file.rows[0].fingerprint == "000439ad133aa7785f46e792ac8691c771e67cc5d9ad7285bf96d06a4f1f9a4e")
    #expect(file.rows[2].fingerprint == "8c2225fbcfa54db08a3594fc7b09020c721e20bd9a23070cb4b65ecdc2074232")
    #expect(Set(file.rows.map(\.fingerprint)).count == 4)
    // The account is part of the hash.
    let other = try BankCSVParser.parse(
      Array("Date,Description,Amount\n01/15/2026,STARBUCKS STORE #12345 SEATTLE WA,-4.50\n".utf8),
      accountID: "acct-2")
    #expect(other.rows[0].fingerprint != file.rows[0].fingerprint)
  }

  @Test func normalisation() {
    #expect(BankCSVNormaliser.normalise("  Uber *Trip  HELP.UBER.COM ") == "UBER TRIP HELP UBER COM")
    #expect(
      BankCSVNormaliser.normalise("CHECKCARD 0115 AMAZON XXXX1234 x9876 ref 20260115 #12") == "CHECKCARD AMAZON REF 12")
    #expect(BankCSVNormaliser.normalise("AT&T *PAYMENT 800-288-2020") == "AT&T PAYMENT 800 288")
    #expect(BankCSVNormaliser.normalise("Café du Monde #1042") == "CAFÉ DU MONDE")
    #expect(BankCSVNormaliser.normalise("X12 XX XA123 123") == "XX XA123 123")
    #expect(BankCSVNormaliser.normalise("#12345") == "")
  }

  @Test func amountForms() throws {
    let file = try parse(
      """
      Date,Description,Amount
      01/02/2026,dollars,"$1,234.56"
      01/02/2026,parentheses,(12.34)
      01/02/2026,trailing minus,12.34-
      01/02/2026,leading minus,-12.34
      01/02/2026,dollar after minus,-$3.10
      01/02/2026,plus,+5
      01/02/2026,one decimal,7.5
      01/02/2026,balance only,
      01/02/2026,three decimals,12.345
      01/02/2026,words,twelve
      01/02/2026,two signs,-(1.00)
      01/02/2026,decimal comma in a comma file,"1,5"

      """)
    #expect(file.rows.map(\.amountCents) == [123_456, -1234, -1234, -1234, -310, 500, 750])
    #expect(file.skipped == 1)
    #expect(file.rejected.map(\.line) == [10, 11, 12, 13])
    #expect(file.rejected[0].reason.contains("more than 2 decimals"))
    #expect(file.rejected[1].reason.contains("'twelve'"))
  }

  @Test func semicolonFileWithDecimalComma() throws {
    let file = try parse(
      """
      Date;Description;Amount;Balance
      13/01/2026;RENT;-1.234,56;8.765,44
      14/01/2026;COFFEE;-4,5;8.760,94
      15/01/2026;REFUND;12.50;8.773,44
      16/01/2026;BIG;2.500;11.273,44

      """)
    #expect(file.profile.delimiter == ";")
    #expect(file.profile.dateOrder == .dmy)
    #expect(file.rows.map(\.amountCents) == [-123_456, -450, 1250, 250_000])
    #expect(file.rows[0].date.iso == "2026-01-13")
    #expect(file.balanceWarnings.isEmpty)
    #expect(file.newestBalance?.cents == 1_127_344)
  }

  @Test func tabDelimited() throws {
    let file = try parse("Date\tDescription\tAmount\n2026-01-03\tA B\t-1,50\n")
    #expect(file.profile.delimiter == "\t")
    #expect(file.profile.dateOrder == .ymd)
    #expect(file.rows.first?.amountCents == -150)
  }

  @Test func splitDebitCredit() throws {
    let file = try parse(
      """
      Date,Description,Withdrawals,Deposits,Balance
      2026-01-02,PAYCHECK,,1500.00,2500.00
      2026-01-03,RENT,1200.00,,1300.00
      2026-01-03,DAILY BALANCE,,,1300.00
      2026-01-04,ODD,10.00,20.00,1310.00
      2026-01-05,ZERO IN CREDIT,5.00,0.00,1295.00
      2026-01-06,SIGNED DEBIT,-5.00,,1290.00

      """)
    #expect(file.rows.map(\.amountCents) == [150_000, -120_000, -500, -500])
    #expect(file.skipped == 1)
    #expect(file.rejected == [BankCSVRejection(line: 5, reason: "both debit (10.00) and credit (20.00) are filled")])
    #expect(file.profile.debit == "Withdrawals")
    #expect(file.profile.credit == "Deposits")
    #expect(file.profile.amount == nil)
    // The rejected line breaks the chain instead of raising a warning.
    #expect(file.balanceWarnings.isEmpty)
  }

  @Test func bankOfAmericaPreamble() throws {
    let file = try parse(
      """
      Description,,Summary Amt.
      Beginning balance as of 01/01/2026,,"1,000.00"
      Total credits,,"1,500.00"
      Total debits,,"-20.00"
      Ending balance as of 01/31/2026,,"2,480.00"

      Date,Description,Amount,Running Bal.
      01/01/2026,Beginning balance as of 01/01/2026,,"1,000.00"
      01/02/2026,"STRIPE DES:TRANSFER ID:ST-12345678 INDN:JANE DOE CO ID:XXXXX12345 CCD","1,500.00","2,500.00"
      01/31/2026,"CHECKCARD 0130 GITHUB INC","-20.00","2,480.00"

      """)
    #expect(file.headerLine == 7)
    #expect(file.skipped == 1)
    #expect(file.rows.map(\.line) == [9, 10])
    #expect(file.rows.map(\.amountCents) == [150_000, -2000])
    #expect(file.rows[0].normalised == "STRIPE DES TRANSFER ID ST INDN JANE DOE CO ID CCD")
    #expect(file.balanceWarnings.isEmpty)
    #expect(!file.newestFirst)
    #expect(file.newestBalance == BankCSVBalance(cents: 248_000, date: BankDate(iso: "2026-01-31")!, line: 10))
    #expect(file.profile.balance == "Running Bal.")
  }

  @Test func dateOrders() throws {
    let dayFirst = try parse("Date,Description,Amount\n02/01/2026,A,1\n25/01/2026,B,2\n")
    #expect(dayFirst.profile.dateOrder == .dmy)
    #expect(dayFirst.rows[0].date.iso == "2026-01-02")
    #expect(dayFirst.dateOrderAssumption == nil)

    let ambiguous = try parse("Date,Description,Amount\n02/01/26,A,1\n03/01/26,B,2\n")
    #expect(ambiguous.profile.dateOrder == .mdy)
    #expect(ambiguous.rows[0].date.iso == "2026-02-01")
    #expect(ambiguous.dateOrderAssumption?.contains("month-first") == true)

    // An ambiguous file follows the saved profile's order.
    let saved = BankCSVProfile(date: "Date", description: "Description", amount: "Amount", dateOrder: .dmy)
    let followed = try parse("Date,Description,Amount\n02/01/2026,A,1\n", profile: saved)
    #expect(followed.rows[0].date.iso == "2026-01-02")

    // …but dates that show their order win over it.
    let shown = try parse("Date,Description,Amount\n02/01/2026,A,1\n01/31/2026,B,1\n", profile: saved)
    #expect(shown.rows[0].date.iso == "2026-02-01")
    #expect(shown.profile.dateOrder == .mdy)

    let contradictory = try parse("Date,Description,Amount\n25/01/2026,A,1\n01/31/2026,B,1\n")
    #expect(contradictory.rows.map(\.date.iso) == ["2026-01-31"])
    #expect(contradictory.rejected.map(\.line) == [2])
    #expect(contradictory.dateOrderAssumption?.contains("contradict") == true)

    let iso = try parse("Date,Description,Amount\n2026-01-31,A,1\n2026-02-01 00:00:00,B,1\n")
    #expect(iso.rows.map(\.date.iso) == ["2026-01-31", "2026-02-01"])
    #expect(iso.profile.dateOrder == .ymd)
  }

  @Test func badRowsAreRejectedWithLineAndReason() throws {
    let file = try parse(
      """
      Date,Description,Amount
      01/15/2026,GOOD,-1.00
      yesterday,BAD DATE,-1.00
      02/30/2026,NO SUCH DAY,-1.00
      01/16/2026,,-1.00
      ,NO DATE,-1.00
      01/17/2026,GOOD TOO,-2.00
      Total,,

      """)
    #expect(file.rows.map(\.description) == ["GOOD", "GOOD TOO"])
    #expect(file.rejected.map(\.line) == [3, 4, 5, 6])
    #expect(file.rejected[0].reason.contains("'yesterday' is not a date"))
    #expect(file.rejected[1].reason.contains("not a real day"))
    #expect(file.rejected[2].reason == "no description")
    #expect(file.rejected[3].reason == "no date")
    #expect(file.skipped == 1)
  }

  @Test func windows1252AndBOM() throws {
    var bytes = Array("Date,Description,Amount\n01/15/2026,CAF".utf8)
    bytes += [0xC9, 0x20] + Array("DU MONDE,-4.50\n01/16/2026,JOE".utf8) + [0x92] + Array("S,-1.00\n".utf8)
    let file = try BankCSVParser.parse(bytes, accountID: "a", profile: nil, invertSign: nil)
    #expect(file.encoding == "Windows-1252")
    #expect(file.rows.map(\.description) == ["CAFÉ DU MONDE", "JOE\u{2019}S"])
    #expect(file.rows[0].normalised == "CAFÉ DU MONDE")

    let bom = try BankCSVParser.parse(
      [0xEF, 0xBB, 0xBF] + Array("Date,Description,Amount\r\n01/15/2026,CAFÉ,-4.50\r\n".utf8), accountID: "a")
    #expect(bom.encoding == "UTF-8")
    #expect(bom.profile.date == "Date")
    #expect(bom.rows.map(\.description) == ["CAFÉ"])
  }

  @Test func quotedNewlinesKeepLineNumbers() throws {
    let file = try parse(
      "\"Date\",\"Description\",\"Amount\"\n\"01/15/2026\",\"ACME LLC\nINVOICE 1042\",\"100.00\"\n"
        + "\"01/16/2026\",\"A \"\"QUOTED\"\", NAME\r\nON TWO LINES\",\"-1.00\"\n\"01/17/2026\",\"PLAIN\",\"nope\"\n")
    #expect(file.rows.map(\.line) == [2, 4])
    #expect(file.rows[0].description == "ACME LLC\nINVOICE 1042")
    #expect(file.rows[0].normalised == "ACME LLC INVOICE")
    #expect(file.rows[1].description == "A \"QUOTED\", NAME\r\nON TWO LINES")
    #expect(file.rejected.map(\.line) == [6])
    // Lone CRs (old Mac exports) and blank lines count as lines, quoted or not.
    let quotedCR = try parse(
      "\"Date\",\"Description\",\"Amount\"\r\"01/02/2026\",\"A\nX\",\"1\"\r\r\"01/03/2026\",\"B\",\"2\"\r")
    #expect(quotedCR.rows.map(\.line) == [2, 5])
    let plainCR = try parse("Date,Description,Amount\r01/02/2026,A,1\r\r01/03/2026,B,2\r")
    #expect(plainCR.rows.map(\.line) == [2, 4])
  }

  @Test func runningBalanceBreaks() throws {
    // Oldest first; line 4 is missing a row before it, line 6 has the wrong sign.
    let file = try parse(
      """
      Date,Description,Amount,Balance
      01/01/2026,A,-10.00,90.00
      01/02/2026,B,-10.00,80.00
      01/04/2026,D,-10.00,60.00
      01/05/2026,E,-10.00,50.00
      01/06/2026,F,10.00,40.00
      01/07/2026,G,-10.00,30.00

      """)
    #expect(file.balanceWarnings.map(\.line) == [4, 6])
    #expect(file.balanceWarnings[0].message.contains("expected 70.00"))
    #expect(!file.newestFirst)

    // Newest first (Chase): the same statement reversed raises the same two breaks.
    let reversed = try parse(
      """
      Date,Description,Amount,Balance
      01/07/2026,G,-10.00,30.00
      01/06/2026,F,10.00,40.00
      01/05/2026,E,-10.00,50.00
      01/04/2026,D,-10.00,60.00
      01/02/2026,B,-10.00,80.00
      01/01/2026,A,-10.00,90.00

      """)
    #expect(reversed.newestFirst)
    #expect(reversed.balanceWarnings.count == 2)
    #expect(reversed.newestBalance?.cents == 3000)

    // A card's balance is what is owed: it grows as (negative) purchases come in.
    let card = try parse(
      "Date,Description,Amount,Balance\n01/01/2026,A,-10.00,10.00\n01/02/2026,B,-5.00,15.00\n"
        + "01/03/2026,PAYMENT,15.00,0.00\n")
    #expect(card.balanceWarnings.isEmpty)
  }

  @Test func invertSignAndProfileReuse() throws {
    let amex = "Date,Description,Card Member,Account #,Amount\n01/15/2026,DELTA AIR LINES,J SMITH,-41007,420.00\n"
    #expect(try parse(amex).rows[0].amountCents == 42_000)
    let inverted = try parse(amex, invertSign: true)
    #expect(inverted.rows[0].amountCents == -42_000)
    #expect(inverted.profile.invertSign)
    // The saved profile carries the inversion to the next file.
    #expect(try parse(amex, profile: inverted.profile).rows[0].amountCents == -42_000)
    #expect(try parse(amex, profile: inverted.profile, invertSign: false).rows[0].amountCents == 42_000)

    // Columns no alias knows are read through the saved mapping.
    let custom = BankCSVProfile(
      date: "Booked", description: "Text", amount: "Value", dateOrder: .dmy, invertSign: false, delimiter: ";")
    let file = try parse("Booked;Text;Value\n02/01/2026;COFFEE;-4,50\n", profile: custom)
    #expect(file.rows.map(\.amountCents) == [-450])
    #expect(file.rows[0].date.iso == "2026-01-02")
    #expect(throws: BankCSVRefusal.self) { try parse("Booked;Text;Value\n02/01/2026;COFFEE;-4,50\n") }

    // jsonb keys for accounts.csv_profile.
    let json = String(decoding: try JSONEncoder().encode(inverted.profile), as: UTF8.self)
    #expect(json.contains("\"invert_sign\":true"))
    #expect(json.contains("\"date_order\":\"mdy\""))
    #expect(try JSONDecoder().decode(BankCSVProfile.self, from: Data(json.utf8)) == inverted.profile)
  }

  @Test func refusals() {
    #expect(refusal([]) == .empty)
    #expect(refusal(Array(" \n\r\n".utf8)) == .empty)
    #expect(
      refusal([UInt8](repeating: 0x41, count: 20 * 1024 * 1024 + 1)) == .tooLarge(bytes: 20_971_521, limit: 20_971_520))
    guard case .noHeader(let reason) = refusal(Array("Name,Value\nfoo,1\n".utf8)) else {
      Issue.record("a file without a header is refused")
      return
    }
    #expect(reason.contains("Amount"))
    #expect(reason.contains("Debit/Credit"))
    #expect(reason.contains("The first line reads: Name,Value"))
    guard case .noHeader(let ofx) = refusal(Array("OFXHEADER:100\nDATA:OFXSGML\n".utf8)) else {
      Issue.record("an OFX file is refused")
      return
    }
    #expect(ofx.contains("OFX"))
    // The header must be within the first 30 lines.
    let late = String(repeating: "summary line\n", count: 30) + "Date,Description,Amount\n01/01/2026,A,1\n"
    #expect(refusal(Array(late.utf8)) != nil)
    let inTime = String(repeating: "summary line\n", count: 29) + "Date,Description,Amount\n01/01/2026,A,1\n"
    #expect(refusal(Array(inTime.utf8)) == nil)
  }

  @Test func headerWithoutRows() throws {
    let file = try parse("Date,Description,Amount\n")
    #expect(file.rows.isEmpty)
    #expect(file.rejected.isEmpty)
    #expect(file.newestBalance == nil)
  }
}
