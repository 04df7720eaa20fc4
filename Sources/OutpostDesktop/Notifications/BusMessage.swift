import CSystemd

#if canImport(Glibc)
  import Glibc
#endif

/// A value inside a D-Bus variant (the `v` of a hints dictionary).
public enum BusVariant: Sendable, Equatable {
  case string(String)
  case byte(UInt8)
  case boolean(Bool)
  case int32(Int32)
  case uint32(UInt32)
}

/// D-Bus type codes, as sd-bus's `char` parameters.
enum BusType {
  static let byte = code("y")
  static let boolean = code("b")
  static let int32 = code("i")
  static let uint32 = code("u")
  static let string = code("s")
  static let array = code("a")
  static let variant = code("v")
  static let dictEntry = code("e")

  private static func code(_ scalar: Unicode.Scalar) -> CChar { CChar(truncatingIfNeeded: scalar.value) }
}

/// The text of a negative errno that sd-bus returned.
func errnoText(_ result: Int32) -> String {
  String(cString: strerror(-result))
}

/// Appends arguments to an sd-bus message under construction. Used on the bus thread only.
struct BusMessageWriter {
  let message: OpaquePointer

  func append(_ value: String) throws(DesktopBusError) {
    try check(value.withCString { outpost_sd_bus_message_append_basic(message, BusType.string, $0) }, "a string")
  }

  func append(_ value: UInt32) throws(DesktopBusError) {
    var value = value
    try check(outpost_sd_bus_message_append_basic(message, BusType.uint32, &value), "a uint32")
  }

  func append(_ value: Int32) throws(DesktopBusError) {
    var value = value
    try check(outpost_sd_bus_message_append_basic(message, BusType.int32, &value), "an int32")
  }

  func append(_ value: BusVariant) throws(DesktopBusError) {
    switch value {
    case .string(let string):
      try container(BusType.variant, "s") { () throws(DesktopBusError) in try append(string) }
    case .byte(let byte):
      try container(BusType.variant, "y") { () throws(DesktopBusError) in
        var byte = byte
        try check(outpost_sd_bus_message_append_basic(message, BusType.byte, &byte), "a byte")
      }
    case .boolean(let flag):
      try container(BusType.variant, "b") { () throws(DesktopBusError) in
        var flag: Int32 = flag ? 1 : 0
        try check(outpost_sd_bus_message_append_basic(message, BusType.boolean, &flag), "a boolean")
      }
    case .int32(let number):
      try container(BusType.variant, "i") { () throws(DesktopBusError) in try append(number) }
    case .uint32(let number):
      try container(BusType.variant, "u") { () throws(DesktopBusError) in try append(number) }
    }
  }

  /// `as`
  func append(_ strings: [String]) throws(DesktopBusError) {
    try container(BusType.array, "s") { () throws(DesktopBusError) in
      for string in strings { try append(string) }
    }
  }

  /// `a{sv}`, in the given order.
  func append(_ dictionary: [(String, BusVariant)]) throws(DesktopBusError) {
    try container(BusType.array, "{sv}") { () throws(DesktopBusError) in
      for (key, value) in dictionary {
        try container(BusType.dictEntry, "sv") { () throws(DesktopBusError) in
          try append(key)
          try append(value)
        }
      }
    }
  }

  private func container(_ type: CChar, _ contents: String, _ body: () throws(DesktopBusError) -> Void)
    throws(DesktopBusError)
  {
    try check(outpost_sd_bus_message_open_container(message, type, contents), "a container \(contents)")
    try body()
    try check(outpost_sd_bus_message_close_container(message), "the end of a container \(contents)")
  }

  private func check(_ result: Int32, _ what: String) throws(DesktopBusError) {
    guard result >= 0 else { throw .invalidMessage("cannot append \(what): \(errnoText(result))") }
  }
}

/// Reads the arguments of a received sd-bus message. Valid only inside the callback that got it.
struct BusMessageReader {
  let message: OpaquePointer

  var member: String? { outpost_sd_bus_message_get_member(message).map { String(cString: $0) } }

  func readString() throws(DesktopBusError) -> String {
    var value: UnsafePointer<CChar>?
    try check(outpost_sd_bus_message_read_basic(message, BusType.string, &value), "a string")
    guard let value else { throw .invalidMessage("\(member ?? "message"): missing string") }
    return String(cString: value)
  }

  func readUInt32() throws(DesktopBusError) -> UInt32 {
    var value: UInt32 = 0
    try check(outpost_sd_bus_message_read_basic(message, BusType.uint32, &value), "a uint32")
    return value
  }

  func readBool() throws(DesktopBusError) -> Bool {
    var value: Int32 = 0
    try check(outpost_sd_bus_message_read_basic(message, BusType.boolean, &value), "a boolean")
    return value != 0
  }

  /// `as`
  func readStrings() throws(DesktopBusError) -> [String] {
    try check(outpost_sd_bus_message_enter_container(message, BusType.array, "s"), "an array of strings")
    var strings: [String] = []
    while true {
      var value: UnsafePointer<CChar>?
      let result = outpost_sd_bus_message_read_basic(message, BusType.string, &value)
      guard result >= 0 else { throw .invalidMessage("cannot read an array of strings: \(errnoText(result))") }
      guard result > 0, let value else { break }
      strings.append(String(cString: value))
    }
    let exited = outpost_sd_bus_message_exit_container(message)
    guard exited >= 0 else { throw .invalidMessage("cannot leave an array: \(errnoText(exited))") }
    return strings
  }

  /// Read results: negative is an error, 0 means the message has no more arguments.
  private func check(_ result: Int32, _ what: String) throws(DesktopBusError) {
    if result < 0 { throw .invalidMessage("\(member ?? "message"): cannot read \(what): \(errnoText(result))") }
    if result == 0 { throw .invalidMessage("\(member ?? "message"): expected \(what), found the end") }
  }
}
