import FilmKit
import Foundation

try FilterRegistry.shared.registerStocks(in: URL(fileURLWithPath: "my-stocks"))
let expired = try FilterRegistry.shared.makeFilter("my-expired-gold", parameters: ["grain": 1.5])
