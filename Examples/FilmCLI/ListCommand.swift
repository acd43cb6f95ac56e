import ArgumentParser
import FilmKit

/// `filmkit list`: the registered filters and their parameters.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the registered filters and their parameters.")

    @Option(help: "Only this category (look, stock, tone, color, texture, optics, lut, overlay).")
    var category: String?

    func run() throws {
        let registry = FilterRegistry.shared
        let categories = category.map { [FilterCategory($0)] } ?? registry.categories
        for category in categories {
            let names = registry.names(in: category)
            guard !names.isEmpty else {
                throw ValidationError("no filters in category '\(category.rawValue)'")
            }
            print("\(category.rawValue):")
            for name in names {
                let description = try registry.description(of: name)
                print("  \(name) — \(description.summary)")
                for parameter in description.parameters {
                    let range =
                        parameter.kind == .boolean
                        ? "on/off" : "\(format(parameter.minimum))…\(format(parameter.maximum))"
                    print(
                        "      \(parameter.name)=\(format(parameter.defaultValue))  [\(parameter.kind.rawValue), \(range)]  \(parameter.summary)"
                    )
                }
            }
        }
    }

    private func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
