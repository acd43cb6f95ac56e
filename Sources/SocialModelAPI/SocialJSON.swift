import Foundation

/// The JSON SocialModelHTTP's routes speak: keys sorted, dates as ISO 8601 with fractional seconds. A client
/// decodes responses with ``decoder()``.
public enum SocialJSON {
    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// An encoder writing the routes' JSON.
    /// - Returns: the encoder.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(text(of: date))
        }
        return encoder
    }

    /// A date as the routes write it.
    static func text(of date: Date) -> String {
        date.formatted(dateStyle)
    }

    /// A decoder reading the routes' JSON.
    /// - Returns: the decoder.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = try? dateStyle.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }
}
