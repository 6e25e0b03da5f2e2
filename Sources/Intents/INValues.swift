import Foundation

/// A file passed to or from an intent: its bytes, name and type.
///
/// ```swift
/// let file = INFile(data: Data("hello".utf8), filename: "hello.txt", typeIdentifier: "public.plain-text")
/// ```
public final class INFile: NSObject {
    private let storedData: Data?
    /// The file's name with its extension.
    public var filename: String
    /// The uniform type identifier, e.g. `public.plain-text`.
    public let typeIdentifier: String?
    /// Where the file is on disk, for files made from a URL.
    public let fileURL: URL?
    /// Whether the file is deleted once the intent finishes.
    public var removedOnCompletion = false

    public init(data: Data, filename: String, typeIdentifier: String?) {
        storedData = data
        self.filename = filename
        self.typeIdentifier = typeIdentifier
        fileURL = nil
        super.init()
    }

    public init(fileURL: URL, filename: String?, typeIdentifier: String?) {
        storedData = nil
        self.fileURL = fileURL
        self.filename = filename ?? fileURL.lastPathComponent
        self.typeIdentifier = typeIdentifier
        super.init()
    }

    /// The bytes: the data it was made with, or the file's contents (empty when unreadable).
    public var data: Data {
        if let storedData { return storedData }
        return fileURL.flatMap { try? Data(contentsOf: $0, options: .mappedIfSafe) } ?? Data()
    }
}

/// An image shown beside a value (by name or URL; Linux draws none).
public final class INImage: NSObject, Sendable {
    public let name: String?
    public let url: URL?

    public init(named name: String) {
        self.name = name
        url = nil
        super.init()
    }

    public init(url: URL) {
        name = nil
        self.url = url
        super.init()
    }
}

/// A phrase with an identifier, as Siri speaks and matches it.
public final class INSpeakableString: NSObject, Sendable {
    public let vocabularyIdentifier: String?
    public let spokenPhrase: String
    public let pronunciationHint: String?

    public init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.vocabularyIdentifier = vocabularyIdentifier
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    public init(spokenPhrase: String) {
        vocabularyIdentifier = nil
        self.spokenPhrase = spokenPhrase
        pronunciationHint = nil
        super.init()
    }
}

/// An amount of money in a currency (`Currency` parameters).
public final class INCurrencyAmount: NSObject, Sendable {
    public let amount: NSDecimalNumber?
    /// The ISO 4217 code, e.g. `EUR`.
    public let currencyCode: String?

    public init(amount: NSDecimalNumber, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
        super.init()
    }
}

/// A named place (`Location` parameters). CoreLocation's class, reduced to what text can carry.
public final class CLPlacemark: NSObject, Sendable {
    public let name: String?
    /// Latitude and longitude in degrees, when known.
    public let coordinate: (latitude: Double, longitude: Double)?

    public init(name: String?, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        if let latitude, let longitude {
            coordinate = (latitude, longitude)
        } else {
            coordinate = nil
        }
        super.init()
    }

    public override var description: String {
        if let name { return name }
        return coordinate.map { "\($0.latitude),\($0.longitude)" } ?? ""
    }
}
