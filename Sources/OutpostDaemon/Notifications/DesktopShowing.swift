import OutpostDesktop

/// What the notification centre needs of the desktop's notification server: `DesktopNotifier`
/// on the session bus, or a test's recorder that clicks buttons on request.
protocol DesktopShowing: Sendable {
  /// The server's signals (clicks, closes, comings and goings); one consumer.
  var events: AsyncStream<NotificationSignal> { get }
  func connect() async throws(DesktopBusError) -> Bool
  func capabilities() async throws(DesktopBusError) -> Set<String>
  func serverInformation() async throws(DesktopBusError) -> NotificationServerInformation
  func notify(_ notification: DesktopNotification) async throws(DesktopBusError) -> UInt32
  /// Takes a notification the server shows off the screen (`CloseNotification`).
  func close(id: UInt32) async throws(DesktopBusError)
}

extension DesktopNotifier: DesktopShowing {}
