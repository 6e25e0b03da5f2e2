import Foundation
import ShortcutsContent

// Measurements as parameters and results (Apple's, iOS 16 / 17): `Measurement<UnitLength>` and
// the other dimensions. In a shortcut a measurement is text, its value and its unit's symbol
// ("5 km"), which shows and reads back; given a bare number, the parameter's default unit is
// the number's (else the dimension's base unit).

extension Measurement: _IntentValue where UnitType: Dimension {}

extension Measurement: ContentConvertible where UnitType: Dimension {
    static var parameterType: ParameterMetadata.ValueType { .text }
    static var contentTypeName: String { "Text" }

    static func value(from content: Content) -> Measurement<UnitType>? {
        if case .number(let number) = content, number.isFinite {
            return Measurement(value: number, unit: UnitType.baseUnit())
        }
        return MeasurementText.parse(content.text, as: UnitType.self)
    }

    var content: Content { .text(MeasurementText.write(value, unit.symbol)) }
}

/// Measurements as text: "5 km", "21.5 °C", "3mi".
enum MeasurementText {
    /// The units read by their symbols, per dimension.
    static let units: [ObjectIdentifier: [Dimension]] = [
        ObjectIdentifier(UnitLength.self): [
            .kilometers, .meters, .centimeters, .millimeters, .micrometers, .nanometers, .miles, .yards, .feet, .inches,
            .nauticalMiles, .lightyears,
        ] as [UnitLength],
        ObjectIdentifier(UnitMass.self): [.kilograms, .grams, .milligrams, .metricTons, .pounds, .ounces, .stones] as [UnitMass],
        ObjectIdentifier(UnitTemperature.self): [.celsius, .fahrenheit, .kelvin] as [UnitTemperature],
        ObjectIdentifier(UnitSpeed.self): [.kilometersPerHour, .metersPerSecond, .milesPerHour, .knots] as [UnitSpeed],
        ObjectIdentifier(UnitVolume.self): [.liters, .milliliters, .cubicMeters, .gallons, .quarts, .pints, .cups, .fluidOunces]
            as [UnitVolume],
        ObjectIdentifier(UnitDuration.self): [.seconds, .minutes, .hours, .milliseconds] as [UnitDuration],
        ObjectIdentifier(UnitArea.self): [.squareMeters, .squareKilometers, .hectares, .acres, .squareFeet, .squareMiles] as [UnitArea],
        ObjectIdentifier(UnitEnergy.self): [.kilojoules, .joules, .kilocalories, .calories, .kilowattHours] as [UnitEnergy],
        ObjectIdentifier(UnitPower.self): [.watts, .kilowatts, .horsepower] as [UnitPower],
        ObjectIdentifier(UnitPressure.self): [.hectopascals, .kilopascals, .bars, .millibars, .poundsForcePerSquareInch] as [UnitPressure],
    ]

    static func parse<UnitType: Dimension>(_ text: String, as type: UnitType.Type) -> Measurement<UnitType>? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let end = trimmed.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == ",") }) else {
            return Double(trimmed.replacingOccurrences(of: ",", with: "")).map { Measurement(value: $0, unit: UnitType.baseUnit()) }
        }
        guard let value = Double(trimmed[..<end].replacingOccurrences(of: ",", with: "")) else { return nil }
        let symbol = trimmed[end...].trimmingCharacters(in: .whitespaces)
        let known = units[ObjectIdentifier(type)] ?? [UnitType.baseUnit()]
        let unit =
            known.first { $0.symbol == symbol }
            ?? known.first { $0.symbol.caseInsensitiveCompare(symbol) == .orderedSame }
            ?? known.first { $0.symbol.replacingOccurrences(of: "°", with: "") == symbol.replacingOccurrences(of: "°", with: "") }
        guard let unit = unit as? UnitType else { return nil }
        return Measurement(value: value, unit: unit)
    }

    static func write(_ value: Double, _ symbol: String) -> String {
        // Twelve significant digits: a converted value shows without its binary noise (4828.02, not 4828.0199999999995).
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.12g", value)
        return "\(number) \(symbol)"
    }
}

extension IntentParameter {
    public typealias Length = UnitLength
    public typealias Mass = UnitMass
    public typealias Temperature = UnitTemperature
    public typealias Speed = UnitSpeed
    public typealias Volume = UnitVolume
    public typealias Duration = UnitDuration
    public typealias Area = UnitArea
    public typealias Energy = UnitEnergy
    public typealias Power = UnitPower
    public typealias Pressure = UnitPressure

    /// Makes a measurement parameter: a bare number is in `defaultUnit`; a negative value is
    /// refused unless `supportsNegativeNumbers`. `defaultUnitAdjustForLocale` is accepted; the
    /// unit given stays the unit.
    public convenience init<UnitType: Dimension>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, defaultValue: Double? = nil,
        defaultUnit: UnitType? = nil, defaultUnitAdjustForLocale: Bool = false, supportsNegativeNumbers: Bool = false,
        requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default
    ) where Value.UnwrappedType == Measurement<UnitType> {
        let unit = defaultUnit ?? UnitType.baseUnit()
        self.init(
            title: title, description: description, default: defaultValue.map { Measurement(value: $0, unit: unit) },
            requestValueDialog: requestValueDialog, inputConnectionBehavior: inputConnectionBehavior, inclusiveRange: nil,
            optionsProvider: nil, accepted: .measurements(defaultSymbol: unit.symbol, negatives: supportsNegativeNumbers))
    }

    /// Makes a measurement parameter in one unit (Apple's `unit:` form).
    public convenience init<UnitType: Dimension>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, defaultValue: Double? = nil,
        unit: UnitType, unitAdjustForLocale: Bool = false, supportsNegativeNumbers: Bool = false,
        requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default
    ) where Value.UnwrappedType == Measurement<UnitType> {
        self.init(
            title: title, description: description, defaultValue: defaultValue, defaultUnit: unit,
            supportsNegativeNumbers: supportsNegativeNumbers, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior)
    }
}
