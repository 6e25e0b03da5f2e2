import ActionTestSupport
import DesktopBus
import Foundation
import PlatformFakes
import ShortcutsContent
import ShortcutsEngine
import Testing

/// Every desktop service an action calls is reached through the run's buses: scripted here, in
/// memory, so these tests need no D-Bus daemon; a run without buses reaches none and says so.
struct BusSeamTests {
    typealias T = SystemTest

    func environment(_ buses: (any BusOpener)?) -> RunEnvironment {
        var environment = RunEnvironment()
        environment.buses = buses
        return environment
    }

    func upower(percentage: Double, state: UInt32) -> ScriptedBuses {
        let buses = ScriptedBuses()
        buses.answer("org.freedesktop.DBus.Properties", "GetAll") { _ in
            [
                .dictionary([
                    ("IsPresent", .variant(.bool(true))), ("Percentage", .variant(.double(percentage))),
                    ("State", .variant(.uint32(state))),
                ])
            ]
        }
        return buses
    }

    @Test func theBatteryLevelIsUPowersDisplayDevice() throws {
        let buses = upower(percentage: 64, state: 1)
        #expect(try T.run("getbatterylevel", environment: environment(buses)) == .number(64))
        #expect(try T.run("getbatterylevel", ["Subject": T.text("Is Charging")], environment: environment(buses)) == .boolean(true))
        let call = try #require(buses.calls.first)
        #expect(call.destination == "org.freedesktop.UPower" && call.path == "/org/freedesktop/UPower/devices/DisplayDevice")
        #expect(call.arguments == [.string("org.freedesktop.UPower.Device")])
    }

    @Test func aServiceMissingFromTheBusNamesItsPackage() {
        let error = T.failure { try T.run("getbatterylevel", environment: environment(ScriptedBuses())) }
        #expect(error?.message.contains("UPower") == true && error?.message.contains("upower") == true, "\(error?.message ?? "")")
    }

    @Test func aRunWithoutBusesReachesNoService() {
        let error = T.failure { try T.run("getbatterylevel", environment: environment(nil)) }
        #expect(error?.message.contains("reaches no desktop service") == true, "\(error?.message ?? "")")
    }
}
