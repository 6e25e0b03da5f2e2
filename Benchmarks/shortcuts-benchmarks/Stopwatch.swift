import Foundation

/// Timing of repeated runs of one operation: the minimum and the median, in seconds.
struct Timings {
    var seconds: [Double]

    var minimum: Double { seconds.min() ?? .nan }
    var median: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// Runs `operation` `runs` times after `warmups` untimed runs.
    static func measure(runs: Int, warmups: Int = 1, _ operation: () throws -> Void) rethrows -> Timings {
        for _ in 0..<warmups { try operation() }
        var seconds: [Double] = []
        seconds.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try operation()
            let elapsed = ContinuousClock.now - start
            seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return Timings(seconds: seconds)
    }
}

/// A plain-text table with right-aligned figures, printed to standard output.
struct ResultTable {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) { self.headers = headers }

    mutating func add(_ cells: String...) { rows.append(cells) }

    func render() -> String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(headers), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Formats a number with thousands separators and no decimals: `2,345,678`.
func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let digits = String(Int(value.rounded()))
    var result = ""
    for (offset, character) in digits.reversed().enumerated() {
        if offset > 0, offset.isMultiple(of: 3), character != "-" { result.append(",") }
        result.append(character)
    }
    return String(result.reversed())
}

/// Formats milliseconds with three decimals.
func milliseconds(_ seconds: Double) -> String {
    String(format: "%.3f", seconds * 1000)
}
