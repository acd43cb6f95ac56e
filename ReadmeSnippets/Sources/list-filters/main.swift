import FilmKit

let registry = FilterRegistry.shared
for name in registry.names(in: .stock) {
    let description = try registry.description(of: name)
    let parameters = description.parameters.map { "\($0.name) \($0.minimum)…\($0.maximum)" }
    print(description.title, parameters.joined(separator: ", "))
}
