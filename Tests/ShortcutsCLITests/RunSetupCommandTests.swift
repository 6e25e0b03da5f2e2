import Foundation
import Testing

/// What every `shortcuts` run gets from the one run setup: the caller's time zone in each form
/// `TZ` takes, and app manifests read only when a shortcut needs them.
struct RunSetupCommandTests {
    static let formatDate = """
        @name "Zone"
        FormatDate "2026-12-01T00:30:00Z", dateFormat: "Custom", formatString: "yyyy-MM-dd HH:mm ZZZZZ"
        """

    @Test(arguments: [
        (":Asia/Tokyo", "2026-12-01 09:30 +09:00"), ("Asia/Tokyo", "2026-12-01 09:30 +09:00"),
        (":/usr/share/zoneinfo/Asia/Kolkata", "2026-12-01 06:00 +05:30"), ("JST-9", "2026-12-01 09:30 +09:00"),
        ("<+0330>-3:30", "2026-12-01 04:00 +03:30"), ("EST5EDT", "2026-11-30 19:30 -05:00"), ("", "2026-12-01 00:30 Z"),
    ])
    func theTZVariableSetsTheRunsZone(zone: String, shown: String) throws {
        let shell = try CommandRunner()
        let file = try shell.write(Data(Self.formatDate.utf8), to: "Zone.sct")
        shell.extraEnvironment["TZ"] = zone
        let result = try shell.run(["run", file])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == shown + "\n", "TZ=\(zone)")
    }

    @Test func datesShownAsTextAndTheirPropertiesUseTheRunsZone() throws {
        let shell = try CommandRunner()
        let file = try shell.write(
            Data(
                """
                @name "Zone"
                d = Date mode: "Specified Date", date: "2026-12-01T00:30:00Z"
                Text "\\(d), hour \\(d.property("Hour")), zone \\(d.property("Time Zone"))"
                """.utf8), to: "Zone.sct")
        shell.extraEnvironment["TZ"] = ":Asia/Tokyo"
        let result = try shell.run(["run", file])
        #expect(result.status == 0, "\(result.error)")
        // Foundation puts a narrow no-break space before AM, as Apple's systems do.
        #expect(result.output == "Dec 1, 2026 at 9:30\u{202F}AM, hour 9, zone Asia/Tokyo\n")
    }

    @Test func aTextShortcutOfBuiltinActionsRunsWithoutReadingAppManifests() throws {
        let shell = try CommandRunner()
        let apps = shell.home + "/Apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try Data("{ not a manifest".utf8).write(to: URL(fileURLWithPath: apps + "/broken.json"))
        let file = try shell.write(Data("@name \"Plain\"\nText \"plain\"\n".utf8), to: "Plain.sct")

        let result = try shell.run(["run", file])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "plain\n")
        #expect(result.error == "", "the manifests were read: \(result.error)")
        // They are read, with the warning, once something needs them.
        let listed = try shell.run(["actions"])
        #expect(listed.error.contains("skipped the app manifest \(apps)/broken.json"))
    }
}
