import Foundation
import ShortcutsContent

/// The units Measurement and Convert Measurement know, by Apple's unit types, with the names
/// files and people write them by: Foundation's symbol (`km`, `°F`) and the English names,
/// singular and plural (`kilometer`, `kilometers`, `kilometre`).
package enum MeasurementUnits {
    package struct Kind: Sendable {
        package var name: String
        package var units: [(unit: Dimension, names: [String])]
    }

    package static let kinds: [Kind] = [
        Kind(
            name: "Length",
            units: [
                (UnitLength.meters, ["meter", "metre"]), (UnitLength.kilometers, ["kilometer", "kilometre"]),
                (UnitLength.centimeters, ["centimeter", "centimetre"]), (UnitLength.millimeters, ["millimeter", "millimetre"]),
                (UnitLength.micrometers, ["micrometer", "micron"]), (UnitLength.nanometers, ["nanometer"]),
                (UnitLength.inches, ["inch", "inches", "in"]), (UnitLength.feet, ["foot", "feet"]), (UnitLength.yards, ["yard"]),
                (UnitLength.miles, ["mile"]), (UnitLength.nauticalMiles, ["nautical mile"]), (UnitLength.lightyears, ["light year"]),
                (UnitLength.astronomicalUnits, ["astronomical unit"]), (UnitLength.parsecs, ["parsec"]),
            ]),
        Kind(
            name: "Mass",
            units: [
                (UnitMass.kilograms, ["kilogram", "kilo"]), (UnitMass.grams, ["gram", "gramme"]), (UnitMass.milligrams, ["milligram"]),
                (UnitMass.micrograms, ["microgram"]), (UnitMass.metricTons, ["metric ton", "tonne", "t"]),
                (UnitMass.pounds, ["pound", "lbs"]), (UnitMass.ounces, ["ounce"]), (UnitMass.stones, ["stone"]),
                (UnitMass.shortTons, ["short ton", "ton"]), (UnitMass.carats, ["carat"]),
            ]),
        Kind(
            name: "Temperature",
            units: [
                (UnitTemperature.celsius, ["celsius", "degree celsius", "degrees celsius", "c"]),
                (UnitTemperature.fahrenheit, ["fahrenheit", "degree fahrenheit", "degrees fahrenheit", "f"]),
                (UnitTemperature.kelvin, ["kelvin"]),
            ]),
        Kind(
            name: "Volume",
            units: [
                (UnitVolume.liters, ["liter", "litre", "l"]), (UnitVolume.milliliters, ["milliliter", "millilitre"]),
                (UnitVolume.centiliters, ["centiliter"]), (UnitVolume.cubicMeters, ["cubic meter"]),
                (UnitVolume.cubicCentimeters, ["cubic centimeter", "cc"]), (UnitVolume.gallons, ["gallon"]),
                (UnitVolume.imperialGallons, ["imperial gallon"]), (UnitVolume.quarts, ["quart"]), (UnitVolume.pints, ["pint"]),
                (UnitVolume.cups, ["cup"]), (UnitVolume.fluidOunces, ["fluid ounce"]), (UnitVolume.tablespoons, ["tablespoon"]),
                (UnitVolume.teaspoons, ["teaspoon"]),
            ]),
        Kind(
            name: "Speed",
            units: [
                (UnitSpeed.metersPerSecond, ["meter per second", "meters per second"]),
                (UnitSpeed.kilometersPerHour, ["kilometer per hour", "kilometers per hour", "kph"]),
                (UnitSpeed.milesPerHour, ["mile per hour", "miles per hour"]), (UnitSpeed.knots, ["knot"]),
            ]),
        Kind(
            name: "Duration",
            units: [
                (UnitDuration.seconds, ["second", "sec"]), (UnitDuration.minutes, ["minute", "min"]),
                (UnitDuration.hours, ["hour", "hr"]), (UnitDuration.milliseconds, ["millisecond"]),
            ]),
        Kind(
            name: "Area",
            units: [
                (UnitArea.squareMeters, ["square meter"]), (UnitArea.squareKilometers, ["square kilometer"]),
                (UnitArea.squareFeet, ["square foot", "square feet"]), (UnitArea.squareMiles, ["square mile"]),
                (UnitArea.acres, ["acre"]), (UnitArea.hectares, ["hectare"]), (UnitArea.squareInches, ["square inch", "square inches"]),
            ]),
        Kind(
            name: "Pressure",
            units: [
                (UnitPressure.hectopascals, ["hectopascal"]), (UnitPressure.kilopascals, ["kilopascal"]),
                (UnitPressure.bars, ["bar"]), (UnitPressure.millibars, ["millibar"]),
                (UnitPressure.poundsForcePerSquareInch, ["pound per square inch", "psi"]),
                (UnitPressure.inchesOfMercury, ["inch of mercury", "inches of mercury"]),
                (UnitPressure.millimetersOfMercury, ["millimeter of mercury"]), (UnitPressure.newtonsPerMetersSquared, ["pascal"]),
            ]),
        Kind(
            name: "Energy",
            units: [
                (UnitEnergy.joules, ["joule"]), (UnitEnergy.kilojoules, ["kilojoule"]), (UnitEnergy.calories, ["calorie"]),
                (UnitEnergy.kilocalories, ["kilocalorie", "kcal"]), (UnitEnergy.kilowattHours, ["kilowatt hour"]),
            ]),
        Kind(
            name: "Power",
            units: [
                (UnitPower.watts, ["watt"]), (UnitPower.kilowatts, ["kilowatt"]), (UnitPower.megawatts, ["megawatt"]),
                (UnitPower.horsepower, ["horsepower"]),
            ]),
        Kind(
            name: "Angle",
            units: [
                (UnitAngle.degrees, ["degree"]), (UnitAngle.radians, ["radian"]), (UnitAngle.gradians, ["gradian"]),
                (UnitAngle.revolutions, ["revolution"]), (UnitAngle.arcMinutes, ["arc minute"]),
                (UnitAngle.arcSeconds, ["arc second"]),
            ]),
        Kind(
            name: "Information Storage",
            units: [
                (UnitInformationStorage.bytes, ["byte"]), (UnitInformationStorage.kilobytes, ["kilobyte"]),
                (UnitInformationStorage.megabytes, ["megabyte"]), (UnitInformationStorage.gigabytes, ["gigabyte"]),
                (UnitInformationStorage.terabytes, ["terabyte"]), (UnitInformationStorage.bits, ["bit"]),
                (UnitInformationStorage.kibibytes, ["kibibyte"]), (UnitInformationStorage.mebibytes, ["mebibyte"]),
                (UnitInformationStorage.gibibytes, ["gibibyte"]),
            ]),
        Kind(
            name: "Frequency",
            units: [
                (UnitFrequency.hertz, ["hertz"]), (UnitFrequency.kilohertz, ["kilohertz"]), (UnitFrequency.megahertz, ["megahertz"]),
                (UnitFrequency.gigahertz, ["gigahertz"]),
            ]),
        Kind(
            name: "Fuel Efficiency",
            units: [
                (UnitFuelEfficiency.litersPer100Kilometers, ["liters per 100 kilometers", "l/100km"]),
                (UnitFuelEfficiency.milesPerGallon, ["miles per gallon", "mpg"]),
                (UnitFuelEfficiency.milesPerImperialGallon, ["miles per imperial gallon"]),
            ]),
        Kind(
            name: "Acceleration",
            units: [
                (UnitAcceleration.metersPerSecondSquared, ["meter per second squared", "meters per second squared"]),
                (UnitAcceleration.gravity, ["g-force", "gravity"]),
            ]),
        Kind(
            name: "Electric Current",
            units: [(UnitElectricCurrent.amperes, ["ampere", "amp"]), (UnitElectricCurrent.milliamperes, ["milliampere"])]),
        Kind(
            name: "Electric Potential Difference",
            units: [(UnitElectricPotentialDifference.volts, ["volt"]), (UnitElectricPotentialDifference.millivolts, ["millivolt"])]),
        Kind(
            name: "Electric Resistance",
            units: [(UnitElectricResistance.ohms, ["ohm"]), (UnitElectricResistance.kiloohms, ["kiloohm"])]),
        Kind(name: "Illuminance", units: [(UnitIlluminance.lux, ["lux"])]),
    ]

    /// A unit's symbol as Apple's Foundation writes it, which files carry (`WFNSUnitSymbol`) and
    /// Shortcuts shows: swift-corelibs-foundation's differs for minutes (`m`, which reads as
    /// metres) and hours (`h`), where Apple's are `min` and `hr`.
    package static func symbol(of unit: Dimension) -> String {
        if unit == UnitDuration.minutes { return "min" }
        if unit == UnitDuration.hours { return "hr" }
        return unit.symbol
    }

    /// The kind with a name (`Length`), ignoring case.
    package static func kind(named name: String) -> Kind? {
        kinds.first { $0.name.caseInsensitiveCompare(name.trimmingCharacters(in: .whitespaces)) == .orderedSame }
    }

    /// The unit a name means, looked for in `kind` when given, otherwise in every kind.
    package static func unit(named name: String, in kind: Kind? = nil) -> (unit: Dimension, kind: Kind)? {
        let wanted = name.trimmingCharacters(in: .whitespaces)
        let folded = wanted.lowercased()
        for candidate in kind.map({ [$0] }) ?? kinds {
            // Symbols are case-sensitive (mm and Mm differ); names are not.
            if let exact = candidate.units.first(where: { symbol(of: $0.unit) == wanted || $0.unit.symbol == wanted }) {
                return (exact.unit, candidate)
            }
            for (unit, names) in candidate.units {
                if names.contains(where: { $0 == folded || $0 + "s" == folded || $0 + "es" == folded }) { return (unit, candidate) }
                if symbol(of: unit).lowercased() == folded { return (unit, candidate) }
            }
        }
        return nil
    }

    /// The units of a kind by their symbols, for the parameter's options.
    package static func symbols(of kind: Kind) -> [String] { kind.units.map { symbol(of: $0.unit) } }

    /// A number and the unit written after it ("3.5 km" → 3.5, "km"), or nil when the text
    /// doesn't start with a number.
    package static func amountAndUnit(_ text: String) -> (Double, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var end = trimmed.startIndex
        for index in trimmed.indices {
            let character = trimmed[index]
            if character.isNumber || ".,-+eE".contains(character) && index != trimmed.startIndex || character == "-" {
                end = trimmed.index(after: index)
            } else {
                break
            }
        }
        guard end > trimmed.startIndex, let value = NumberParser.parse(String(trimmed[..<end])) else { return nil }
        return (value, trimmed[end...].trimmingCharacters(in: .whitespaces))
    }
}
