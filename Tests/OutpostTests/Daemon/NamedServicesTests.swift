import ServiceLifecycle
import Testing

@testable import OutpostDaemon

@Suite struct NamedServicesTests {
  private struct Holder: Service {
    let payload = String(repeating: "x", count: 64)
    let numbers = [1, 2, 3]
    func run() async throws {}
  }

  /// By default ServiceLifecycle names a service `"\(service)"`, which reflects over its fields
  /// (and costs the daemon's start a conformance scan); the daemon names each by its type.
  @Test func eachServiceIsNamedByItsTypeAlone() {
    let configurations = [ServiceGroupConfiguration.ServiceConfiguration].named([Holder(), Holder()])
    #expect(configurations.map(\.serviceName) == ["Holder", "Holder"])
    #expect(ServiceGroupConfiguration.ServiceConfiguration(service: Holder()).serviceName.contains("payload"))
  }
}
