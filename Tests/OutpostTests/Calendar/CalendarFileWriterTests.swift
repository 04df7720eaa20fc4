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
