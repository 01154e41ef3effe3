"""Prizes and series: the prize list of a session with how ties were settled (play-off, cut, draw, share), the TD's recorded tie outcomes, finalising, and a season's series standings."""
