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

/// An image shown beside a value (by name, URL or bytes; kept, and drawn by nothing on Linux).
public final class INImage: NSObject, Sendable {
    public let name: String?
    public let url: URL?
    /// The image's bytes, when it was made from them.
    public let data: Data?

    public init(named name: String) {
        self.name = name
        url = nil
        data = nil
        super.init()
    }

    public init(url: URL) {
        name = nil
        self.url = url
        data = nil
        super.init()
    }

    public init(imageData: Data) {
        name = nil
        url = nil
        data = imageData
        super.init()
    }

    /// An image from a URL; nil for a URL that isn't a file's (Apple's fails for remote ones too).
    public convenience init?(url: URL, width: Double, height: Double) {
        guard url.isFileURL else { return nil }
        self.init(url: url)
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

/// A point on Earth, in degrees (CoreLocation's).
public struct CLLocationCoordinate2D: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init() { (latitude, longitude) = (0, 0) }

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A location (CoreLocation's), reduced to its coordinate.
public final class CLLocation: NSObject, Sendable {
    public let coordinate: CLLocationCoordinate2D

    public init(latitude: Double, longitude: Double) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        super.init()
    }

    /// The distance to another location in metres, along the Earth's surface (a sphere of 6,371 km).
    public func distance(from location: CLLocation) -> Double {
        let radians = Double.pi / 180
        let (φ1, φ2) = (coordinate.latitude * radians, location.coordinate.latitude * radians)
        let Δφ = φ2 - φ1
        let Δλ = (location.coordinate.longitude - coordinate.longitude) * radians
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

/// A distance in metres (CoreLocation's type alias).
public typealias CLLocationDistance = Double

/// An area on Earth (CoreLocation's base class), known by an identifier.
open class CLRegion: NSObject, @unchecked Sendable {
    // Unchecked: its properties are constants.
    public let identifier: String

    public init(identifier: String) {
        self.identifier = identifier
        super.init()
    }
}

/// The area within a distance of a point (CoreLocation's).
open class CLCircularRegion: CLRegion, @unchecked Sendable {
    public let center: CLLocationCoordinate2D
    public let radius: CLLocationDistance

    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// Whether a point is within the region (along the Earth's surface).
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        CLLocation(latitude: center.latitude, longitude: center.longitude)
            .distance(from: CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)) <= radius
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

    /// Where the place is, when its coordinate is known.
    public var location: CLLocation? { coordinate.map { CLLocation(latitude: $0.latitude, longitude: $0.longitude) } }

    public override var description: String {
        if let name { return name }
        return coordinate.map { "\($0.latitude),\($0.longitude)" } ?? ""
    }
}
