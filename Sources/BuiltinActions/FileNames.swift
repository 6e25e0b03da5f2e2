/// Names for the files an action makes.
enum FileNames {
    /// The name of one of `count` parts made from a file, numbered from 1 with as many digits as
    /// the last (`Scan 01` … `Scan 12`), so they sort in order.
    static func numbered(_ base: String, _ index: Int, of count: Int) -> String {
        let number = String(index + 1)
        return base + " " + String(repeating: "0", count: max(String(count).count - number.count, 0)) + number
    }
}
