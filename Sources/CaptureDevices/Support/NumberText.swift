/// A number for messages, rounded to `decimals` places with no trailing zeros: 26, 29.97, 1.5.
func compactNumber(_ value: Double, decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    guard rounded.isFinite, abs(rounded) < 1e15 else { return "\(value)" }
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}
