from .base import ParsedNorm
from ..cleaning import remove_furniture
def parse(norm_id, text):
    return ParsedNorm(units={}, top_units=[], cleaned=remove_furniture(text, []))
