import Foundation

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
        case .number(let number): return NumberText.format(number)
        case .boolean(let value): return value ? "Yes" : "No"
        case .date(let date): return DateText.medium(date)
        case .url(let url): return url.absoluteString
        case .dictionary: return JSONBridge.text(of: self)
        case .list(let items): return items.map(\.text).joined(separator: "\n")
        case .file(let file):
            if let type = file.typeIdentifier, UniformType.isText(type) || type == "public.data",
                let string = String(data: file.data, encoding: .utf8)
            {
                return string
            }
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
}
