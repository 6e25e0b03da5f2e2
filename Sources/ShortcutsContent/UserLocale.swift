import Foundation

/// The region dates, numbers and money are shown and read in: what Apple takes from the device's
/// Language & Region settings, here from the POSIX locale variables.
///
/// Each category follows POSIX precedence: `LC_ALL`, then the category's own variable
/// (`LC_TIME`, `LC_NUMERIC`, `LC_MONETARY`), then `LANG`. A name such as `de_DE.UTF-8@euro` means
/// the Unicode locale `de_DE`. `C` and `POSIX` mean English (US) with a 24-hour clock, where
/// Apple's en-US shows 12-hour times; with none of the variables set, it is English (US) as
/// Apple's default region is.
///
/// ```swift
/// let region = UserLocale(environment: ["LANG": "de_DE.UTF-8"])
/// region.time.identifier   // "de_DE"
/// ```
public struct UserLocale: Sendable, Equatable {
    /// For dates and times.
    public var time: Locale
    /// For numbers: the decimal and grouping separators.
    public var numbers: Locale
    /// For currencies.
    public var money: Locale
    /// Whether times show on a 24-hour clock whatever ``time`` prefers (the `C` locale).
    public var uses24HourClock: Bool
    /// ``numbers``' decimal separator (`.`, `,`…), looked up once: every number shown as text uses it.
    public let decimalSeparator: String

    public init(time: Locale, numbers: Locale? = nil, money: Locale? = nil, uses24HourClock: Bool = false) {
        self.time = time
        self.numbers = numbers ?? time
        self.money = money ?? numbers ?? time
        self.uses24HourClock = uses24HourClock
        decimalSeparator = self.numbers.decimalSeparator ?? "."
    }

    /// English (US), Apple's default region; what runs use unless told otherwise.
    public static let english = UserLocale(time: Locale(identifier: "en_US"))

    /// The region the POSIX locale variables in `environment` name.
    public init(environment: [String: String]) {
        func named(_ category: String) -> (locale: Locale, isPOSIX: Bool) {
            for key in ["LC_ALL", category, "LANG"] {
                if let value = environment[key], !value.isEmpty { return Self.locale(posixName: value) }
            }
            return (Locale(identifier: "en_US"), false)
        }
        let time = named("LC_TIME")
        self.init(
            time: time.locale, numbers: named("LC_NUMERIC").locale, money: named("LC_MONETARY").locale,
            uses24HourClock: time.isPOSIX)
    }

    /// The Unicode locale for a POSIX locale name: `de_DE.UTF-8@euro` is `de_DE`, `C` and `POSIX`
    /// are `en_US` (and say so).
    public static func locale(posixName name: String) -> (locale: Locale, isPOSIX: Bool) {
        var base = Substring(name)
        if let at = base.firstIndex(of: "@") { base = base[..<at] }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        if base.isEmpty || base == "C" || base == "POSIX" { return (Locale(identifier: "en_US"), true) }
        return (Locale(identifier: String(base)), false)
    }

    /// Makes a date format pattern use a 24-hour clock when ``uses24HourClock`` says so: `h` and
    /// `K` hours become `H`, and the AM/PM marker goes (quoted literals are left alone).
    func clockAdjusted(_ pattern: String) -> String {
        guard uses24HourClock else { return pattern }
        var result = ""
        var quoted = false
        for character in pattern {
            if character == "'" { quoted.toggle() }
            if quoted || character == "'" {
                result.append(character)
                continue
            }
            switch character {
            case "h", "K": result.append("H")
            case "a", "b", "B": continue
            default: result.append(character)
            }
        }
        return result.replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
    }
}
