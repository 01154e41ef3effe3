import pytest

from boards.jobs import progress_batch


@pytest.mark.parametrize(
    "total,batch,steps", [(36, 9, 4), (32, 8, 4), (10, 8, 2), (3, 8, 1), (100, 25, 4)]
)
def test_the_page_sees_the_analysis_advance_in_about_four_batch_calls(total, batch, steps):
    assert progress_batch(total) == batch
    assert -(-total // batch) == steps
