import Foundation
import ShortcutsContent

/// An amount of money in a currency (Apple's, iOS 16 / macOS 13), as a parameter or a result.
///
/// ```swift
/// @Parameter(title: "Price", currencyCodes: ["EUR", "USD"]) var price: IntentCurrencyAmount
/// ```
///
/// In a shortcut it is text with its ISO 4217 code, "12.5 EUR", so it shows, reads back and
/// stays exact. Given text or a number, it reads "12.50 EUR", "EUR 12.50", "€12.50", "$3" and a
/// bare number (in the person's currency, else US dollars).
public struct IntentCurrencyAmount: _IntentValue, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount.
    public let amount: Decimal
    /// The currency's ISO 4217 code, e.g. `EUR`.
    public let currencyCode: String

    public init(amount: Decimal, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }

    public var description: String { "\(amount) \(currencyCode)" }

    /// The currency of amounts given without one: the person's, else US dollars.
    static var defaultCurrencyCode: String { Locale.current.currency?.identifier ?? "USD" }

    /// Currencies written as their sign.
    private static let signs: [Character: String] = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW"]

    /// An amount from text: a number with a code before or after it, or a sign before it.
    static func parse(_ text: String) -> IntentCurrencyAmount? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let first = trimmed.first, let code = signs[first], let amount = decimal(trimmed.dropFirst()) {
            return IntentCurrencyAmount(amount: amount, currencyCode: code)
        }
        let words = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 2 {
            for (number, code) in [(words[0], words[1]), (words[1], words[0])] where isCode(code) {
                if let amount = decimal(number) { return IntentCurrencyAmount(amount: amount, currencyCode: code.uppercased()) }
            }
        }
        return decimal(Substring(trimmed)).map { IntentCurrencyAmount(amount: $0, currencyCode: defaultCurrencyCode) }
    }

    private static func isCode(_ word: Substring) -> Bool { word.count == 3 && word.allSatisfy { $0.isASCII && $0.isLetter } }

    /// A number as people write amounts: "1,200.50" and "1.200,50" (grouping by threes, the
    /// other mark the decimals), "12,50" (a comma before one or two digits is the decimals).
    private static func decimal(_ text: Substring) -> Decimal? {
        var digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }) else { return nil }
        let lastComma = digits.lastIndex(of: ","), lastDot = digits.lastIndex(of: ".")
        let decimalComma: Bool
        switch (lastComma, lastDot) {
        case (let comma?, let dot?): decimalComma = comma > dot
        case (let comma?, nil):
            decimalComma = digits.distance(from: comma, to: digits.endIndex) <= 3 && digits.filter { $0 == "," }.count == 1
        default: decimalComma = false
        }
        if decimalComma {
            digits = digits.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
        } else {
            digits = digits.replacingOccurrences(of: ",", with: "")
        }
        return Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension IntentCurrencyAmount: ContentConvertible {
    static var parameterType: ParameterMetadata.ValueType { .text }
    static var contentTypeName: String { "Text" }

    static func value(from content: Content) -> IntentCurrencyAmount? {
        if case .number(let number) = content, number.isFinite {
            // Through its shortest text: `Decimal(Double)` would keep the binary noise (0.1 as 0.1000000000000000055…).
            return Decimal(string: "\(number)", locale: Locale(identifier: "en_US_POSIX")).map {
                IntentCurrencyAmount(amount: $0, currencyCode: defaultCurrencyCode)
            }
        }
        return parse(content.text)
    }

    var content: Content { .text(description) }
}

extension IntentParameter where Value.UnwrappedType == IntentCurrencyAmount {
    /// Makes an amount parameter that takes only these currencies (none: any).
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, currencyCodes: [String] = [],
        requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description, default: nil, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior, inclusiveRange: nil, optionsProvider: nil,
            accepted: .currencies(currencyCodes.map { $0.uppercased() }))
    }
}
