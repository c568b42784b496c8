"""Human logic: the techniques, the solve loop, explanations, setter tools."""
