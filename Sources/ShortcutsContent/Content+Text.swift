import Foundation
import Markup

extension Content {
    /// The content shown as text, as Shortcuts shows it.
    ///
    /// A list is its items on separate lines; a whole number has no decimal point; a dictionary is
    /// JSON; a date uses the medium date and short time styles; a file is its text when it holds
    /// text, otherwise its name.
    public var text: String {
        switch self {
        case .nothing: return ""
        case .text(let string): return string
        case .number(let number): return NumberText.shown(number)
        case .boolean(let value): return value ? "Yes" : "No"
        case .date(let date): return DateText.medium(date)
        case .url(let url): return url.absoluteString
        case .dictionary: return JSONBridge.text(of: self)
        case .list(let items): return items.map(\.text).joined(separator: "\n")
        case .file(let file):
            // Text files by their encoding (``TextDecoding``); untyped data when it reads as text.
            if let type = file.typeIdentifier {
                // An HTML file is rich text, as on Apple's: its text is what a reader sees, not its source.
                if file.isRichText, let page = try? HTMLDocument.parse(file.data) { return page.plainText() }
                if UniformType.isText(type) { return TextDecoding.text(of: file.data) }
                if type == "public.data", let string = TextDecoding.textIfText(of: file.data) { return string }
            }
            // A PDF is its text, as on Apple's, where the run can read it.
            if let read = DateContext.fileText, let text = read(file) { return text }
            return file.name
        case .entity(let entity): return entity.displayTitle
        }
    }
}

/// How numbers become text: whole numbers without a decimal point, others without float noise.
public enum NumberText {
    /// Formats a number the way Shortcuts shows it: `3`, `2.5`, `0.3` (not `0.30000000000000004`).
    public static func format(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-∞" : "∞" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        // 15 significant digits hide binary rounding noise, as Shortcuts' decimal numbers do.
        var text = String(format: "%.15g", number)
        if text.contains("e") { return text }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// A number as a run shows it: ``format(_:)`` with the decimal separator of the region the run
    /// shows numbers in (`2,5` in German and French, as Apple's Shortcuts shows it there).
    public static func shown(_ number: Double, locale: UserLocale = DateContext.locale) -> String {
        let text = format(number)
        guard locale.decimalSeparator != ".", let point = text.firstIndex(of: ".") else { return text }
        return text.replacingCharacters(in: point...point, with: locale.decimalSeparator)
    }

    /// A number with a fixed count of decimal places, grouped as `locale` writes numbers
    /// (`1,234.50`, `1.234,50`, `1 234,50`); `-0.00` shows as `0.00`.
    ///
    /// Written here rather than with `NumberFormatter`, whose fraction digits Foundation on Linux
    /// doesn't keep fixed.
    public static func format(_ number: Double, decimalPlaces: Int, locale: Locale) -> String {
        guard number.isFinite else { return format(number) }
        let fixed = String(format: "%.\(decimalPlaces)f", number)
        var digits = Substring(fixed)
        var sign = ""
        if digits.hasPrefix("-") {
            digits = digits.dropFirst()
            if !digits.allSatisfy({ $0 == "0" || $0 == "." }) { sign = "-" }
        }
        let point = digits.firstIndex(of: ".") ?? digits.endIndex
        let whole = Array(digits[..<point])
        let separator = locale.groupingSeparator ?? ","
        var grouped = ""
        for (offset, digit) in whole.enumerated() {
            if offset > 0, (whole.count - offset) % 3 == 0 { grouped += separator }
            grouped.append(digit)
        }
        let fraction = digits[point...].dropFirst()
        return sign + grouped + (fraction.isEmpty ? "" : (locale.decimalSeparator ?? ".") + fraction)
    }
}
