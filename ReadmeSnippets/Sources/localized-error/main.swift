import FilmKit
import Foundation

let error = RollError.rollFull(name: "Léto", exposures: 36)
print(error.localizedDescription(for: Locale(identifier: "sk")))
// film 'Léto' je plný (všetkých 36 snímok je exponovaných)
