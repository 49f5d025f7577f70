import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Input, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';

/**
 * Spec §2 Header: Enter on the product list updates its search in place (`?q=`); anywhere else it
 * opens the product list with the text in navigation state `{ search }` and in `?q=` too, so the
 * search is in the address (a reload, a shared link, Back keep it). On the list the box shows `?q=`.
 */
export function ProductSearch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const onProductList = pathname === '/product';
  const q = onProductList ? (params.get('q') ?? '') : null;
  const [text, setText] = useState(() => q ?? '');
  // A phone's box (~180 px) cut the long hint after 'article' in every language: there the short name says what it does.
  const placeholder = useBreakpointValue({ base: t('header.search'), md: t('header.searchPlaceholder') }) ?? t('header.searchPlaceholder');
  // Back/Forward between searches, or a link with ?q=, shows that search in the box.
  useEffect(() => {
    if (q !== null) setText(q);
  }, [q]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const search = text.trim();
    if (onProductList) setParams(search ? { q: search } : {}, { replace: true });
    else navigate({ pathname: '/product', search: search ? `?${new URLSearchParams({ q: search })}` : '' }, { state: { search } });
  };

  return (
    <Input
      type="search"
      aria-label={t('header.search')}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={onKeyDown}
      maxW="md"
      flex={{ base: '1', md: 'initial' }}
      minW="0"
      size="sm"
    />
  );
}
