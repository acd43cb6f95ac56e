import Foundation

extension ColorLookupTable {
    /// Reads an Adobe/Resolve `.cube` file: `TITLE`, `LUT_1D_SIZE` or `LUT_3D_SIZE`, optional
    /// `DOMAIN_MIN`/`DOMAIN_MAX`, then one `r g b` line per entry; `#` starts a comment.
    public init(cubeFile url: URL) throws(LUTError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(cube: text)
    }

    /// Parses the text of a `.cube` file.
    public init(cube text: String) throws(LUTError) {
        var title: String?
        var size: (count: Int, threeDimensional: Bool)?
        var domainMin = [0.0, 0, 0]
        var domainMax = [1.0, 1, 1]
        var values: [[Double]] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line =
                rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if line.isEmpty { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            func numbers(_ slice: ArraySlice<String>) throws(LUTError) -> [Double] {
                var parsed: [Double] = []
                for field in slice {
                    guard let value = Double(field), value.isFinite else {
                        throw .malformedLine(line: number, text: line, reason: "'\(field)' is not a number")
                    }
                    parsed.append(value)
                }
                guard parsed.count == 3 else {
                    throw .malformedLine(line: number, text: line, reason: "expected 3 numbers, found \(parsed.count)")
                }
                return parsed
            }
            switch fields[0].uppercased() {
            case "TITLE":
                title = line.dropFirst(5).trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            case "LUT_1D_SIZE", "LUT_3D_SIZE":
                guard size == nil else {
                    throw .malformedLine(line: number, text: line, reason: "the size is given twice")
                }
                guard fields.count == 2, let count = Int(fields[1]) else {
                    throw .malformedLine(line: number, text: line, reason: "expected one whole number")
                }
                size = (count, fields[0].uppercased() == "LUT_3D_SIZE")
            case "DOMAIN_MIN":
                domainMin = try numbers(fields.dropFirst())
            case "DOMAIN_MAX":
                domainMax = try numbers(fields.dropFirst())
            case "LUT_1D_INPUT_RANGE", "LUT_3D_INPUT_RANGE":
                guard fields.count == 3, let low = Double(fields[1]), let high = Double(fields[2]) else {
                    throw .malformedLine(line: number, text: line, reason: "expected two numbers")
                }
                domainMin = [low, low, low]
                domainMax = [high, high, high]
            default:
                guard fields[0].first.map({ $0.isNumber || $0 == "-" || $0 == "." || $0 == "+" }) == true else {
                    throw .malformedLine(line: number, text: line, reason: "unknown keyword '\(fields[0])'")
                }
                guard size != nil else {
                    throw .malformedLine(line: number, text: line, reason: "an entry before LUT_1D_SIZE or LUT_3D_SIZE")
                }
                values.append(try numbers(fields[...]))
            }
        }
        guard let size else { throw .missingSize }
        let entries: Entries =
            size.threeDimensional
            ? .threeDimensional(size: size.count, values: values) : .oneDimensional(size: size.count, values: values)
        try self.init(entries: entries, domainMin: domainMin, domainMax: domainMax, title: title)
    }

    /// The table as `.cube` text.
    public var cubeText: String {
        var lines: [String] = []
        if let title { lines.append("TITLE \"\(title)\"") }
        let values: [[Double]]
        switch entries {
        case .oneDimensional(let size, let entries):
            lines.append("LUT_1D_SIZE \(size)")
            values = entries
        case .threeDimensional(let size, let entries):
            lines.append("LUT_3D_SIZE \(size)")
            values = entries
        }
        lines.append("DOMAIN_MIN \(domainMin.map { String($0) }.joined(separator: " "))")
        lines.append("DOMAIN_MAX \(domainMax.map { String($0) }.joined(separator: " "))")
        lines += values.map { $0.map { String(format: "%.6f", $0) }.joined(separator: " ") }
        return lines.joined(separator: "\n") + "\n"
    }
}
