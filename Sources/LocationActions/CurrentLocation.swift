import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Where this computer is: the `location` setting when the person gave one, else GeoClue
/// (`org.freedesktop.GeoClue2` on the system bus, which asks Wi-Fi, a modem's GPS or the network).
enum CurrentLocation {
    static let all: [ActionDefinition] = [getCurrentLocation]

    static let getCurrentLocation = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getcurrentlocation", title: "Get Current Location",
            description: "Gets where this computer is: the location setting when it is set, else GeoClue's answer.",
            outputType: "Location", outputName: "Current Location", keywords: ["gps", "where am i", "position", "geoclue"]
        ).needing(.geoclue)
    ) { _ in
        { _, run in try Places.current(parameter: nil, run: run).content }
    }

    /// How long GeoClue may take to find the first fix.
    static let timeout: Duration = .seconds(30)

    /// GeoClue's current location, asked the way its documentation gives: a client of the
    /// manager, named by the app's desktop id, started, and its first `LocationUpdated` read.
    static func locate(run: RunContext) throws -> Place {
        let geoclue = try ServiceClient(.geoclue, for: run)
        let client =
            try geoclue.call("/org/freedesktop/GeoClue2/Manager", "org.freedesktop.GeoClue2.Manager", "GetClient").first?.text ?? ""
        let interface = "org.freedesktop.GeoClue2.Client"
        try geoclue.setProperty(client, interface, "DesktopId", to: .string("org.swiftshortcuts.Shortcuts"))
        // 8 is GCLUE_ACCURACY_LEVEL_EXACT, what Shortcuts asks for.
        try geoclue.setProperty(client, interface, "RequestedAccuracyLevel", to: .uint32(8))
        let watch: any SignalSource
        do {
            watch = try geoclue.connection.watchSignals(
                "type='signal',sender='\(RequiredService.geoclue.busName)',interface='\(interface)',member='LocationUpdated',path='\(client)'"
            )
        } catch {
            throw geoclue.failure(error, doing: "watch for the location")
        }
        _ = try geoclue.call(client, interface, "Start")
        defer { _ = try? geoclue.call(client, interface, "Stop") }
        let deadline = ContinuousClock.now + timeout
        var fix: String?
        do {
            while fix == nil, let signal = try watch.next(before: deadline) {
                if signal.arguments.count == 2, let path = signal.arguments[1].text, path != "/" { fix = path }
            }
        } catch {
            throw geoclue.failure(error, doing: "wait for the location")
        }
        guard let fix else {
            throw ActionFailure("found no location through GeoClue within \(timeout)")
        }
        let location = try geoclue.properties(fix, "org.freedesktop.GeoClue2.Location")
        guard let latitude = location["Latitude"]?.number, let longitude = location["Longitude"]?.number else {
            throw ActionFailure("got a location without coordinates from GeoClue")
        }
        var place = Place(latitude: latitude, longitude: longitude)
        // GeoClue marks an unknown altitude with -DBL_MAX.
        if let altitude = location["Altitude"]?.number, altitude > -1e300 { place.altitude = altitude }
        place.name = "Current Location"
        return place
    }
}
