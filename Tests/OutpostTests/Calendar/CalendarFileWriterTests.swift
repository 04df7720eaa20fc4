import Foundation
import Testing

@testable import OutpostDaemon

/// `CalendarFileWriter`: a calendar file is replaced whole or not at all, and only when its
/// bytes change.
@Suite struct CalendarFileWriterTests {
  let directory = TemporaryDirectory("cfw")

  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  func inode(_ path: String) throws -> UInt64 {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
  }

  @Test func aNewFileIsWrittenWholeAndPrivateWithNothingLeftBeside() throws {
    let path = directory.file("game@outpost.ics")
    #expect(try CalendarFileWriter.replace(path, with: bytes("BEGIN:VCALENDAR\r\n")))
    #expect(FileManager.default.contents(atPath: path) == Data(bytes("BEGIN:VCALENDAR\r\n")))
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["game@outpost.ics"])
  }

  @Test func theSameBytesLeaveTheFileAloneAndOthersReplaceIt() throws {
    let path = directory.file("all.ics")
    #expect(try CalendarFileWriter.replace(path, with: bytes("one")))
    let first = try inode(path)
    #expect(try !CalendarFileWriter.replace(path, with: bytes("one")))
    #expect(try inode(path) == first)
    #expect(try CalendarFileWriter.replace(path, with: bytes("two")))
    #expect(FileManager.default.contents(atPath: path) == Data(bytes("two")))
    #expect(try inode(path) != first)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["all.ics"])
  }

  @Test func aFileThatIsNotThereYetIsLinkedWholeUnderItsName() throws {
    let path = directory.file("new@outpost.ics")
    #expect(CalendarFileWriter.existing(path, bytes("x")) == .absent)
    #expect(try CalendarFileWriter.createNew(path, with: bytes("BEGIN:VCALENDAR\r\n")))
    #expect(FileManager.default.contents(atPath: path) == Data(bytes("BEGIN:VCALENDAR\r\n")))
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["new@outpost.ics"])
    #expect(CalendarFileWriter.existing(path, bytes("BEGIN:VCALENDAR\r\n")) == .same)
    #expect(CalendarFileWriter.existing(path, bytes("BEGIN:VCALENDAR\r\r")) == .different)
    #expect(CalendarFileWriter.existing(path, bytes("BEGIN")) == .different)
  }

  /// A file made between the look and the link (khal saving an event, say) is not replaced by
  /// the link; the rename that follows replaces it as any changed file is.
  @Test func aNameTakenMeanwhileIsNotLinkedOverAndTheRenameReplacesIt() throws {
    let path = directory.file("taken@outpost.ics")
    FileManager.default.createFile(atPath: path, contents: Data(bytes("theirs")))
    #expect(try !CalendarFileWriter.createNew(path, with: bytes("ours")))
    #expect(FileManager.default.contents(atPath: path) == Data(bytes("theirs")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken@outpost.ics"])
    #expect(try CalendarFileWriter.replace(path, with: bytes("ours")))
    #expect(FileManager.default.contents(atPath: path) == Data(bytes("ours")))
  }

  @Test func aFolderThatIsMissingIsAnErrorNamingThePath() throws {
    let path = directory.file("gone/all.ics")
    #expect {
      try CalendarFileWriter.replace(path, with: bytes("x"))
    } throws: { error in
      let message = (error as? CocoaError)?.userInfo[NSLocalizedDescriptionKey] as? String
      return message == "create \(directory.file("gone/.all.ics.tmp")): No such file or directory"
    }
  }
}
