import FilmKit
import Foundation

let registry = FilterRegistry.shared
try registry.registerStocks(in: URL(fileURLWithPath: "my-stocks"))
let expired = try registry.makeFilter("my-expired-gold", parameters: ["grain": 1.5])
