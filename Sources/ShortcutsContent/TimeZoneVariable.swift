import Foundation

/// The time zone the `TZ` variable names, in each of the forms POSIX and the C library accept,
/// so a run shows times where its caller is, not where the process started.
///
/// | `TZ` | Zone |
/// | --- | --- |
/// | not set | the system's (`/etc/localtime`, else `/etc/timezone`, else UTC) |
/// | empty | UTC, as the C library does |
/// | `Asia/Tokyo`, `:Asia/Tokyo` | that tz database zone (the colon is POSIX's "implementation-defined" mark) |
/// | `:/usr/share/zoneinfo/Asia/Tokyo` | the zone of that file in the tz database |
/// | `EST5EDT`, `UTC` | the tz database zone of that name |
/// | `JST-9`, `<+0330>-3:30` | a fixed offset east of UTC (POSIX counts west, so the sign flips) |
///
/// A POSIX string with daylight-saving rules that is not itself a tz database name
/// (`CET-1CEST,M3.5.0,M10.5.0/3`) keeps its standard offset all year: Foundation has no zone
/// made from rules. An unreadable value is UTC, as the C library makes it.
public enum TimeZoneVariable {
    /// The zone for a run whose environment variables are `variables`.
    public static func zone(in variables: [String: String]) -> TimeZone {
        guard let value = variables["TZ"] else { return systemZone() }
        return zone(named: value)
    }

    /// The zone a `TZ` value names.
    public static func zone(named value: String) -> TimeZone {
        let utc = TimeZone(secondsFromGMT: 0)!
        var name = value.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { return utc }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.hasPrefix("/") { return databaseZone(atPath: name) ?? utc }
        if let zone = TimeZone(identifier: name) { return zone }
        return fixedOffset(name) ?? utc
    }

    /// The machine's zone, from the link `/etc/localtime` points through, or `/etc/timezone`.
    public static func systemZone(
        localtime: String = "/etc/localtime", timezoneFile: String = "/etc/timezone"
    ) -> TimeZone {
        if let zone = databaseZone(atPath: localtime) { return zone }
        if let text = try? String(contentsOfFile: timezoneFile, encoding: .utf8),
            let zone = TimeZone(identifier: text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return zone
        }
        return TimeZone(secondsFromGMT: 0)!
    }

    /// The zone a file of the tz database is, by its path below a `zoneinfo` folder, following links.
    static func databaseZone(atPath path: String) -> TimeZone? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // Where the link itself points, read even when the database isn't installed.
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
        for candidate in [resolved, target, path].compactMap({ $0 }) {
            guard let range = candidate.range(of: "zoneinfo/", options: .backwards) else { continue }
            var name = String(candidate[range.upperBound...])
            // Debian also ships the zones under posix/ and right/ (leap seconds counted).
            for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            if let zone = TimeZone(identifier: name) { return zone }
        }
        return nil
    }

    /// `JST-9`, `<+0330>-3:30`, `EST5EDT4,M3.2.0,M11.1.0`: the standard name and offset, the
    /// rest ignored. `nil` when the text is not of that form.
    static func fixedOffset(_ text: String) -> TimeZone? {
        var rest = Substring(text)
        if rest.hasPrefix("<") {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard letters.count >= 3 else { return nil }
            rest = rest.dropFirst(letters.count)
        }
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let offsetText = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ":") }
        let fields = offsetText.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard !offsetText.isEmpty, fields.count <= 3, let hours = fields[0], hours <= 24,
            fields.dropFirst().allSatisfy({ $0.map { (0..<60).contains($0) } ?? false })
        else { return nil }
        let seconds = hours * 3600 + (fields.count > 1 ? fields[1]! * 60 : 0) + (fields.count > 2 ? fields[2]! : 0)
        // POSIX offsets are hours west of Greenwich: JST-9 is nine hours east.
        return TimeZone(secondsFromGMT: -sign * seconds)
    }
}
