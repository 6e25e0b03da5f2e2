import Foundation

/// Apple's `MeasurementFormatter`, which Foundation on Linux declares unavailable: a measurement
/// as text ("5 km", "3.107 mi", "21.5°C", "5 kilometers").
///
/// ```swift
/// let formatter = MeasurementFormatter()
/// formatter.locale = Locale(identifier: "en_US")
/// formatter.string(from: Measurement(value: 5, unit: UnitLength.kilometers))   // "3.107 mi"
/// formatter.unitOptions = .providedUnit
/// formatter.string(from: Measurement(value: 5, unit: UnitLength.kilometers))   // "5 km"
/// ```
///
/// As Apple's does, without `.providedUnit` lengths, masses, temperatures and speeds are shown in
/// the units of the locale's measurement system (miles, pounds, °F and mph in the United States;
/// miles and mph in the United Kingdom); `.naturalScale` picks the unit of the right size
/// (12,000 m is 12 km). Numbers follow `numberFormatter` (decimal, up to three fraction digits,
/// in the locale); unit names in the long style are English.
open class MeasurementFormatter: Formatter, @unchecked Sendable {
    /// How the unit is chosen and shown.
    public struct UnitOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The measurement's own unit, not the locale's.
        public static let providedUnit = UnitOptions(rawValue: 1 << 0)
        /// A unit of the right size: 12,000 m as 12 km, 0.5 km as 500 m.
        public static let naturalScale = UnitOptions(rawValue: 1 << 1)
        /// A temperature as "72°", without its scale.
        public static let temperatureWithoutUnit = UnitOptions(rawValue: 1 << 2)
    }

    open var unitOptions: UnitOptions = []
    open var unitStyle: Formatter.UnitStyle = .medium
    open var locale: Locale! {
        didSet { numberFormatter.locale = locale }
    }
    /// How the number is written: decimal, in the locale, up to three fraction digits.
    open var numberFormatter: NumberFormatter!

    public override init() {
        let numbers = NumberFormatter()
        numbers.numberStyle = .decimal
        numbers.locale = .current
        numberFormatter = numbers
        locale = .current
        super.init()
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A measurement as text.
    open func string<UnitType: Unit>(from measurement: Measurement<UnitType>) -> String {
        string(value: measurement.value, unit: measurement.unit)
    }

    /// A measurement of any unit as text.
    open func string(from measurement: Measurement<Unit>) -> String {
        string(value: measurement.value, unit: measurement.unit)
    }

    /// A unit's name in the style: its symbol, or its English name in the long style.
    open func string(from unit: Unit) -> String {
        unitStyle == .long ? Self.names[unit.symbol].map { $0.plural } ?? unit.symbol : unit.symbol
    }

    /// A measurement of any unit type as text.
    open override func string(for obj: Any?) -> String? {
        guard let measurement = obj as? any AnyMeasurement else { return nil }
        return string(value: measurement.measuredValue, unit: measurement.measuredUnit)
    }

    // MARK: Choosing the unit

    private func string(value: Double, unit: Unit) -> String {
        var (value, unit) = (value, unit)
        if !unitOptions.contains(.providedUnit), let dimension = unit as? Dimension, let preferred = preferredUnit(for: dimension) {
            value = Measurement(value: value, unit: dimension).converted(to: preferred).value
            unit = preferred
        }
        if unitOptions.contains(.naturalScale), let dimension = unit as? Dimension {
            (value, unit) = Self.naturalScale(value, dimension)
        }
        let number = numberFormatter.string(from: NSNumber(value: value)) ?? String(value)
        if unit is UnitTemperature {
            if unitOptions.contains(.temperatureWithoutUnit) || unitStyle == .short { return number + "°" }
            if unitStyle == .long { return number + " " + name(of: unit, count: value) }
            return number + unit.symbol
        }
        switch unitStyle {
        case .short: return number + unit.symbol
        case .long: return number + " " + name(of: unit, count: value)
        default: return number + " " + unit.symbol
        }
    }

    /// The unit the locale's measurement system uses for this kind of quantity, when it differs.
    private func preferredUnit(for unit: Dimension) -> Dimension? {
        let system = (locale ?? .current).measurementSystem
        let us = system == .us
        let imperialRoads = system == .us || system == .uk
        switch unit {
        case let length as UnitLength:
            let metric = [UnitLength.kilometers, .meters, .centimeters, .millimeters].contains(length)
            let imperial = [UnitLength.miles, .yards, .feet, .inches].contains(length)
            if imperialRoads && metric { return length == .kilometers || length == .meters ? UnitLength.miles : UnitLength.inches }
            if !imperialRoads && imperial { return length == .miles || length == .yards ? UnitLength.kilometers : UnitLength.centimeters }
            return nil
        case let mass as UnitMass:
            if us && [UnitMass.kilograms, .grams].contains(mass) { return mass == .kilograms ? UnitMass.pounds : UnitMass.ounces }
            if !us && [UnitMass.pounds, .ounces].contains(mass) { return mass == .pounds ? UnitMass.kilograms : UnitMass.grams }
            return nil
        case let temperature as UnitTemperature:
            if us && temperature != .fahrenheit { return UnitTemperature.fahrenheit }
            if !us && temperature != .celsius { return UnitTemperature.celsius }
            return nil
        case let speed as UnitSpeed:
            if imperialRoads && speed != .milesPerHour { return UnitSpeed.milesPerHour }
            if !imperialRoads && speed == .milesPerHour { return UnitSpeed.kilometersPerHour }
            return nil
        default:
            return nil
        }
    }

    /// The unit of the same kind and system whose value is at least 1 and the smallest such.
    private static func naturalScale(_ value: Double, _ unit: Dimension) -> (Double, Unit) {
        let ladders: [[Dimension]] = [
            [UnitLength.millimeters, UnitLength.centimeters, UnitLength.meters, UnitLength.kilometers],
            [UnitLength.inches, UnitLength.feet, UnitLength.miles],
            [UnitMass.milligrams, UnitMass.grams, UnitMass.kilograms, UnitMass.metricTons],
            [UnitMass.ounces, UnitMass.pounds],
            [UnitVolume.milliliters, UnitVolume.liters],
            [UnitDuration.seconds, UnitDuration.minutes, UnitDuration.hours],
        ]
        guard let ladder = ladders.first(where: { $0.contains(unit) }) else { return (value, unit) }
        let base = Measurement(value: value, unit: unit)
        var chosen = (base.value, unit as Unit)
        for step in ladder {
            let converted = base.converted(to: step).value
            if abs(converted) >= 1 || value == 0 { chosen = (converted, step) } else { break }
        }
        return chosen
    }

    private func name(of unit: Unit, count: Double) -> String {
        guard let names = Self.names[unit.symbol] else { return unit.symbol }
        return count == 1 ? names.singular : names.plural
    }

    /// English names of the common units, by symbol.
    private static let names: [String: (singular: String, plural: String)] = [
        "km": ("kilometer", "kilometers"), "m": ("meter", "meters"), "cm": ("centimeter", "centimeters"),
        "mm": ("millimeter", "millimeters"), "mi": ("mile", "miles"), "yd": ("yard", "yards"), "ft": ("foot", "feet"),
        "in": ("inch", "inches"), "kg": ("kilogram", "kilograms"), "g": ("gram", "grams"), "mg": ("milligram", "milligrams"),
        "t": ("metric ton", "metric tons"), "lb": ("pound", "pounds"), "oz": ("ounce", "ounces"),
        "°C": ("degree Celsius", "degrees Celsius"), "°F": ("degree Fahrenheit", "degrees Fahrenheit"), "K": ("kelvin", "kelvins"),
        "km/h": ("kilometer per hour", "kilometers per hour"), "mph": ("mile per hour", "miles per hour"),
        "m/s": ("meter per second", "meters per second"), "kn": ("knot", "knots"), "L": ("liter", "liters"),
        "mL": ("milliliter", "milliliters"), "gal": ("gallon", "gallons"), "s": ("second", "seconds"), "min": ("minute", "minutes"),
        "hr": ("hour", "hours"), "m²": ("square meter", "square meters"), "km²": ("square kilometer", "square kilometers"),
        "ac": ("acre", "acres"), "ha": ("hectare", "hectares"), "kWh": ("kilowatt-hour", "kilowatt-hours"),
        "kCal": ("kilocalorie", "kilocalories"), "J": ("joule", "joules"), "W": ("watt", "watts"), "kW": ("kilowatt", "kilowatts"),
    ]
}

/// A measurement of some unit type, seen without it (`Measurement<UnitLength>` isn't a `Measurement<Unit>`).
protocol AnyMeasurement {
    var measuredValue: Double { get }
    var measuredUnit: Unit { get }
}

extension Measurement: AnyMeasurement {
    var measuredValue: Double { value }
    var measuredUnit: Unit { unit }
}
