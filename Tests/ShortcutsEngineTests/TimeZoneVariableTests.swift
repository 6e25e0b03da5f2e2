import Foundation
import ShortcutsContent
import Testing

/// `TZ` in every form POSIX and the C library accept.
struct TimeZoneVariableTests {
    @Test(arguments: [
        ("Asia/Tokyo", 9 * 3600), (":Asia/Tokyo", 9 * 3600), (":/usr/share/zoneinfo/Asia/Tokyo", 9 * 3600),
        ("/usr/share/zoneinfo/posix/Asia/Tokyo", 9 * 3600), ("JST-9", 9 * 3600), ("UTC0", 0), ("<-03>3", -3 * 3600),
        ("<+0545>-5:45", 5 * 3600 + 45 * 60), ("IST-5:30", 5 * 3600 + 30 * 60), ("CET-1CEST,M3.5.0,M10.5.0/3", 3600),
        ("", 0), ("not a zone", 0), ("X-1", 0), ("ABC99999", 0),
    ])
    func offsetsInJanuary(value: String, seconds: Int) {
        let january = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        #expect(TimeZoneVariable.zone(named: value).secondsFromGMT(for: january) == seconds, "TZ=\(value)")
    }

    @Test func aZoneFromTheDatabaseKeepsItsSummerTime() {
        let july = Date(timeIntervalSince1970: 1_782_864_000)  // 2026-07-01T00:00:00Z
        #expect(TimeZoneVariable.zone(named: ":Europe/Paris").secondsFromGMT(for: july) == 7200)
        #expect(TimeZoneVariable.zone(named: "EST5EDT").secondsFromGMT(for: july) == -4 * 3600)
    }

    @Test func unsetIsTheSystemsZoneThroughItsLink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/Denver")
        #expect(TimeZoneVariable.systemZone(localtime: link, timezoneFile: "/nonexistent").identifier == "America/Denver")
        let file = folder.appendingPathComponent("timezone").path
        try Data("Pacific/Auckland\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(TimeZoneVariable.systemZone(localtime: "/nonexistent", timezoneFile: file).identifier == "Pacific/Auckland")
        #expect(TimeZoneVariable.zone(in: ["PATH": "/bin"]).identifier == TimeZoneVariable.systemZone().identifier)
    }
}
