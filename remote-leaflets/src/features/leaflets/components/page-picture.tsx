import { useRef, useState, type PointerEvent } from 'react';
import { Box, Image, Text } from '@chakra-ui/react';
import type { Box as PriceBox, LeafletPage } from '@pricewatch/shared/contract';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useImageUrl } from '../api/image-url';

export type DrawnBox = { id: string; box: PriceBox; label: string };

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

/**
 * The selected page at full size, fitted to the width, with the boxes of its prices drawn over it
 * (the hovered price stands out). Dragging over the picture draws a box for a new price.
 */
export function PagePicture({
  page,
  boxes,
  highlightId,
  onHighlight,
  onDraw,
}: {
  page: LeafletPage;
  boxes: DrawnBox[];
  highlightId: string | null;
  onHighlight: (id: string | null) => void;
  onDraw?: (box: PriceBox) => void;
}) {
  const { t } = useLeafletsTranslation();
  const url = useImageUrl();
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);

  // Pointer position in pixels of the original picture.
  const toPicture = (e: PointerEvent) => {
    const r = frame.current!.getBoundingClientRect();
    const x = Math.min(Math.max(e.clientX - r.left, 0), r.width);
    const y = Math.min(Math.max(e.clientY - r.top, 0), r.height);
    return { x: r.width ? (x / r.width) * page.width : 0, y: r.height ? (y / r.height) * page.height : 0 };
  };
  const finish = () => {
    if (!drag || !onDraw) return setDrag(null);
    const box = {
      x: Math.round(Math.min(drag.x0, drag.x1)),
      y: Math.round(Math.min(drag.y0, drag.y1)),
      w: Math.round(Math.abs(drag.x1 - drag.x0)),
      h: Math.round(Math.abs(drag.y1 - drag.y0)),
    };
    setDrag(null);
    if (box.w >= 8 && box.h >= 8) onDraw(box);
  };

  const shown = drag && {
    x: Math.min(drag.x0, drag.x1),
    y: Math.min(drag.y0, drag.y1),
    w: Math.abs(drag.x1 - drag.x0),
    h: Math.abs(drag.y1 - drag.y0),
  };

  return (
    <Box>
      <Box
        ref={frame}
        position="relative"
        width="100%"
        userSelect="none"
        cursor={onDraw ? 'crosshair' : undefined}
        // By touch the browser took every drag as a scroll (pointercancel): a box could not be drawn on a
        // phone. Up-and-down still scrolls the page; a drag that starts sideways draws.
        touchAction={onDraw ? 'pan-y pinch-zoom' : undefined}
        onPointerDown={(e) => {
          if (!onDraw || e.button !== 0) return;
          e.preventDefault();
          const p = toPicture(e);
          setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
          (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (!drag) return;
          const p = toPicture(e);
          setDrag({ ...drag, x1: p.x, y1: p.y });
        }}
        onPointerUp={finish}
        // The browser took the gesture over (a scroll): no box.
        onPointerCancel={() => setDrag(null)}
        data-testid="page-picture"
      >
        <Image src={url(page.name, 'full')} alt={t('leaflet.pageN', { n: page.pageNo })} width="100%" draggable={false} display="block" />
        {boxes.map((b) => (
          <Box
            key={b.id}
            position="absolute"
            left={pct(b.box.x, page.width)}
            top={pct(b.box.y, page.height)}
            width={pct(b.box.w, page.width)}
            height={pct(b.box.h, page.height)}
            borderWidth="2px"
            borderColor={b.id === highlightId ? 'orange.500' : 'blue.400'}
            bg={b.id === highlightId ? 'rgba(237,137,54,0.25)' : 'rgba(66,153,225,0.08)'}
            title={b.label}
            data-testid="price-box"
            data-highlighted={b.id === highlightId ? 'true' : undefined}
            onPointerEnter={() => onHighlight(b.id)}
            onPointerLeave={() => onHighlight(null)}
          />
        ))}
        {shown && (
          <Box
            position="absolute"
            left={pct(shown.x, page.width)}
            top={pct(shown.y, page.height)}
            width={pct(shown.w, page.width)}
            height={pct(shown.h, page.height)}
            borderWidth="2px"
            borderStyle="dashed"
            borderColor="green.500"
            pointerEvents="none"
          />
        )}
      </Box>
      {onDraw && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('leaflet.drawHint')}
        </Text>
      )}
    </Box>
  );
}
