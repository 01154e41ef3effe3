"""Running play: each table's code (the QR code the players' phones open), the round's O.K., and the progress of every table."""
